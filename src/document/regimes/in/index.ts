import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { inIdentity } from './tax-identity';
import { inRules } from './rules';

/** The IN regime: its figures, its tax identity checks and its rules. */
export const in_: Regime = { ...(figures as RegimeFigures), identity: inIdentity, rules: inRules };
