import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { arIdentity } from './identity';
import { arRules } from './rules';

/** The AR regime: its figures, its tax identity checks and its rules. */
export const ar: Regime = { ...figures, identity: arIdentity, rules: arRules };
