import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { gbIdentity } from './tax-identity';

/** The GB regime: its figures, its tax identity checks. */
export const gb: Regime = { ...(figures as RegimeFigures), identity: gbIdentity };
