import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { nlIdentity } from './tax-identity';
import { nlRules } from './rules';

/** The NL regime: its figures, its tax identity checks and its rules. */
export const nl: Regime = { ...(figures as RegimeFigures), identity: nlIdentity, rules: nlRules };
