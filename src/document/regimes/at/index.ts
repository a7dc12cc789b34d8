import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { atIdentity } from './identity';

/** The AT regime: its figures, its tax identity checks. */
export const at: Regime = { ...figures, identity: atIdentity };
