import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { gbIdentity } from './identity';

/** The GB regime: its figures, its tax identity checks. */
export const gb: Regime = { ...figures, identity: gbIdentity };
