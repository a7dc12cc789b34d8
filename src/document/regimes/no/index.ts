import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { noIdentity } from './identity';
import { noRules } from './rules';

/** The NO regime: its figures, its tax identity checks and its rules. */
export const no: Regime = { ...figures, identity: noIdentity, rules: noRules };
