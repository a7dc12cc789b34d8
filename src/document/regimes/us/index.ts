import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { usIdentity } from './tax-identity';

/** The US regime: its figures, its tax identity checks. */
export const us: Regime = { ...(figures as RegimeFigures), identity: usIdentity };
