import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { coIdentity } from './identity';

/** The CO regime: its figures, its tax identity checks. */
export const co: Regime = { ...figures, identity: coIdentity };
