import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { inIdentity } from './identity';
import { inRules } from './rules';

/** The IN regime: its figures, its tax identity checks and its rules. */
export const in_: Regime = { ...figures, identity: inIdentity, rules: inRules };
