import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { deIdentity } from './identity';
import { deRules } from './rules';

/** The DE regime: its figures, its tax identity checks and its rules. */
export const de: Regime = { ...figures, identity: deIdentity, rules: deRules };
