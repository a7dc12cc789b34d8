import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { elIdentity } from './identity';

/** The EL regime: its figures, its tax identity checks. */
export const el: Regime = { ...figures, identity: elIdentity };
