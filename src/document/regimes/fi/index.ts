import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { fiIdentity } from './tax-identity';

/** The FI regime: its figures, its tax identity checks. */
export const fi: Regime = { ...(figures as RegimeFigures), identity: fiIdentity };
