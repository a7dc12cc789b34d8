import type { Regime, RegimeFigures } from '../../tax/regime-def';
import figures from './figures.json';
import { dkIdentity } from './identity';
import { dkRules } from './rules';

/** The DK regime: its figures, its tax identity checks and its rules. */
export const dk: Regime = { ...(figures as RegimeFigures), identity: dkIdentity, rules: dkRules };
