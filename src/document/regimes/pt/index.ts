import type { Regime } from '../../tax/regime-def';
import { figures } from './figures';
import { ptIdentity } from './identity';
import { normalizePt } from './normalize';
import { ptRules } from './rules';

/** The PT regime: its figures, its tax identity checks, its normalizer and its rules. */
export const pt: Regime = { ...figures, identity: ptIdentity, normalize: normalizePt, rules: ptRules };
