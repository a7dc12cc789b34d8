import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { seIdentity } from './tax-identity';
import { seRules } from './rules';

/** The SE regime: its figures, its tax identity checks and its rules. */
export const se: Regime = { ...(figures as RegimeFigures), identity: seIdentity, rules: seRules };
