import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { aeIdentity } from './identity';

/** The AE regime: its figures, its tax identity checks. */
export const ae: Regime = { ...figures, identity: aeIdentity };
