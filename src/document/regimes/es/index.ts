import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { esIdentity } from './tax-identity';
import { esRules } from './rules';

/** The ES regime: its figures, its tax identity checks and its rules. */
export const es: Regime = { ...(figures as RegimeFigures), identity: esIdentity, rules: esRules };
