import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { aeIdentity } from './tax-identity';

/** The AE regime: its figures, its tax identity checks. */
export const ae: Regime = { ...(figures as RegimeFigures), identity: aeIdentity };
