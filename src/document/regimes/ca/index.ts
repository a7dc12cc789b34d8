import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { caIdentity } from './identity';

/** The CA regime: its figures, its tax identity checks. */
export const ca: Regime = { ...figures, identity: caIdentity };
