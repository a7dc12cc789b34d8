import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { arIdentity } from './tax-identity';
import { arRules } from './rules';

/** The AR regime: its figures, its tax identity checks and its rules. */
export const ar: Regime = { ...(figures as RegimeFigures), identity: arIdentity, rules: arRules };
