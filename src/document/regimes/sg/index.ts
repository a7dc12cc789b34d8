import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { sgIdentity } from './tax-identity';
import { sgRules } from './rules';

/** The SG regime: its figures, its tax identity checks and its rules. */
export const sg: Regime = { ...(figures as RegimeFigures), identity: sgIdentity, rules: sgRules };
