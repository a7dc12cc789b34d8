import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { ieIdentity } from './identity';

/** The IE regime: its figures, its tax identity checks. */
export const ie: Regime = { ...figures, identity: ieIdentity };
