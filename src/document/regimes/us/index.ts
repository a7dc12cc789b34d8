import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { usIdentity } from './identity';

/** The US regime: its figures, its tax identity checks. */
export const us: Regime = { ...figures, identity: usIdentity };
