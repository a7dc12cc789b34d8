import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { atIdentity } from './tax-identity';

/** The AT regime: its figures, its tax identity checks. */
export const at: Regime = { ...(figures as RegimeFigures), identity: atIdentity };
