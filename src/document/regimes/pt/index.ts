import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { ptIdentity } from './tax-identity';
import { normalizePt } from './normalize';
import { ptRules } from './rules';

/** The PT regime: its figures, its tax identity checks, its normalizer and its rules. */
export const pt: Regime = { ...(figures as RegimeFigures), identity: ptIdentity, normalize: normalizePt, rules: ptRules };
