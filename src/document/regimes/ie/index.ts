import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { ieIdentity } from './tax-identity';

/** The IE regime: its figures, its tax identity checks. */
export const ie: Regime = { ...(figures as RegimeFigures), identity: ieIdentity };
