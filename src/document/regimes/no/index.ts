import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { noIdentity } from './tax-identity';
import { noRules } from './rules';

/** The NO regime: its figures, its tax identity checks and its rules. */
export const no: Regime = { ...(figures as RegimeFigures), identity: noIdentity, rules: noRules };
