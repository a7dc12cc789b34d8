import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { beIdentity } from './tax-identity';
import { beRules } from './rules';

/** The BE regime: its figures, its tax identity checks and its rules. */
export const be: Regime = { ...(figures as RegimeFigures), identity: beIdentity, rules: beRules };
