import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { caIdentity } from './tax-identity';

/** The CA regime: its figures, its tax identity checks. */
export const ca: Regime = { ...(figures as RegimeFigures), identity: caIdentity };
