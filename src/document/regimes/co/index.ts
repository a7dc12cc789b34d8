import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { coIdentity } from './tax-identity';

/** The CO regime: its figures, its tax identity checks. */
export const co: Regime = { ...(figures as RegimeFigures), identity: coIdentity };
