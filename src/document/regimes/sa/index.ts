import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { saIdentity } from './tax-identity';
import { saRules } from './rules';

/** The SA regime: its figures, its tax identity checks and its rules. */
export const sa: Regime = { ...(figures as RegimeFigures), identity: saIdentity, rules: saRules };
