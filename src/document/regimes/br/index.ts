import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { brIdentity } from './tax-identity';
import { normalizeBr } from './normalize';
import { brRules } from './rules';

/** The BR regime: its figures, its tax identity checks, its normalizer and its rules. */
export const br: Regime = { ...(figures as RegimeFigures), identity: brIdentity, normalize: normalizeBr, rules: brRules };
