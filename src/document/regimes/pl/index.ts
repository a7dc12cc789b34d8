import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { plIdentity } from './tax-identity';

/** The PL regime: its figures, its tax identity checks. */
export const pl: Regime = { ...(figures as RegimeFigures), identity: plIdentity };
