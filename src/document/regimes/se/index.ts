import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { seIdentity } from './identity';
import { seRules } from './rules';

/** The SE regime: its figures, its tax identity checks and its rules. */
export const se: Regime = { ...figures, identity: seIdentity, rules: seRules };
