import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { brIdentity } from './identity';
import { brRules } from './rules';

/** The BR regime: its figures, its tax identity checks and its rules. */
export const br: Regime = { ...figures, identity: brIdentity, rules: brRules };
