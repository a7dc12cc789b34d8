import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { fiIdentity } from './identity';

/** The FI regime: its figures, its tax identity checks. */
export const fi: Regime = { ...figures, identity: fiIdentity };
