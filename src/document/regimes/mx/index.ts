import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { mxIdentity } from './tax-identity';
import { normalizeMx } from './normalize';

/** The MX regime: its figures, its tax identity checks, its normalizer. */
export const mx: Regime = { ...(figures as RegimeFigures), identity: mxIdentity, normalize: normalizeMx };
