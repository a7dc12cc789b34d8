import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { beIdentity } from './identity';
import { beRules } from './rules';

/** The BE regime: its figures, its tax identity checks and its rules. */
export const be: Regime = { ...figures, identity: beIdentity, rules: beRules };
