import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { frIdentity } from './identity';
import { frRules } from './rules';

/** The FR regime: its figures, its tax identity checks and its rules. */
export const fr: Regime = { ...figures, identity: frIdentity, rules: frRules };
