import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { chIdentity } from './tax-identity';

/** The CH regime: its figures, its tax identity checks. */
export const ch: Regime = { ...(figures as RegimeFigures), identity: chIdentity };
