import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { mxIdentity } from './identity';
import { normalizeMx } from './normalize';

/** The MX regime: its figures, its tax identity checks, its normalizer. */
export const mx: Regime = { ...figures, identity: mxIdentity, normalize: normalizeMx };
