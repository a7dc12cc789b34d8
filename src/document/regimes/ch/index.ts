import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { chIdentity } from './identity';

/** The CH regime: its figures, its tax identity checks. */
export const ch: Regime = { ...figures, identity: chIdentity };
