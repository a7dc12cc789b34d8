import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { nlIdentity } from './identity';
import { nlRules } from './rules';

/** The NL regime: its figures, its tax identity checks and its rules. */
export const nl: Regime = { ...figures, identity: nlIdentity, rules: nlRules };
