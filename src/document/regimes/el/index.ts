import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { elIdentity } from './tax-identity';

/** The EL regime: its figures, its tax identity checks. */
export const el: Regime = { ...(figures as RegimeFigures), identity: elIdentity };
