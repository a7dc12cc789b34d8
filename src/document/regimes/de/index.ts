import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { deIdentity } from './tax-identity';
import { deRules } from './rules';

/** The DE regime: its figures, its tax identity checks and its rules. */
export const de: Regime = { ...(figures as RegimeFigures), identity: deIdentity, rules: deRules };
