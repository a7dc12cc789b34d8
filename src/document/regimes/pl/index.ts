import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { plIdentity } from './identity';

/** The PL regime: its figures, its tax identity checks. */
export const pl: Regime = { ...figures, identity: plIdentity };
