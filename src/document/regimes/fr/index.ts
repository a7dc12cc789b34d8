import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { frIdentity } from './tax-identity';
import { frRules } from './rules';

/** The FR regime: its figures, its tax identity checks and its rules. */
export const fr: Regime = { ...(figures as RegimeFigures), identity: frIdentity, rules: frRules };
