import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { sgIdentity } from './identity';
import { sgRules } from './rules';

/** The SG regime: its figures, its tax identity checks and its rules. */
export const sg: Regime = { ...figures, identity: sgIdentity, rules: sgRules };
