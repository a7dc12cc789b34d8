import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { saIdentity } from './identity';
import { saRules } from './rules';

/** The SA regime: its figures, its tax identity checks and its rules. */
export const sa: Regime = { ...figures, identity: saIdentity, rules: saRules };
