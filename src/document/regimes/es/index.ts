import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { esIdentity } from './identity';
import { esRules } from './rules';

/** The ES regime: its figures, its tax identity checks and its rules. */
export const es: Regime = { ...figures, identity: esIdentity, rules: esRules };
