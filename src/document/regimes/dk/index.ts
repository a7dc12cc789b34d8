import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { dkIdentity } from './identity';
import { dkEverywhereRules, dkRules } from './rules';

/** The DK regime: its figures, its tax identity checks and its rules, one of which holds in any document. */
export const dk: Regime = { ...figures, identity: dkIdentity, rules: dkRules, everywhere: dkEverywhereRules };
