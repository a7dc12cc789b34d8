import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { dkIdentity } from './tax-identity';
import { dkEverywhereRules, dkRules } from './rules';

/** The DK regime: its figures, its tax identity checks and its rules, one of which holds in any document. */
export const dk: Regime = { ...(figures as RegimeFigures), identity: dkIdentity, rules: dkRules, everywhere: dkEverywhereRules };
