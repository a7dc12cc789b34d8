import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { itIdentity } from './tax-identity';
import { normalizeIt } from './normalize';
import { itRules } from './rules';

/** The IT regime: its figures, its tax identity checks, its normalizer and its rules. */
export const it: Regime = { ...(figures as RegimeFigures), identity: itIdentity, normalize: normalizeIt, rules: itRules };
