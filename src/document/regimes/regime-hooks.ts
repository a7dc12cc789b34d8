import type { Hooks, NodeKind } from '../hooks';
import type { JsonObject } from '../types';
import { normalizeBr } from './br-normalize';
import { normalizeIt } from './it-normalize';
import { normalizeMx } from './mx-normalize';
import { normalizePt } from './pt-normalize';
import { normalizeTaxIdentity } from './tax-identities';
import { invoiceRules } from './invoice-rules';
import { identityRules } from './identity-rules';
import { comboRules, itemRules, partyRules } from './party-rules';
import type { Regime } from './regime';

/** Regime normalizers beyond tax identities, per country; they run on documents of that regime. */
const regimeNormalizers: Readonly<Record<string, (node: JsonObject, kind: NodeKind) => void>> = {
  BR: normalizeBr,
  IT: normalizeIt,
  MX: normalizeMx,
  PT: normalizePt,
};

/**
 * The hooks of one regime. Tax identities are normalized by the regime of their own country;
 * the regime's document rules (supplier identification, company numbers, PT regions...) run as its validator.
 */
export function regimeHooksFor(regime: Regime): Hooks {
  const cc = regime.country;
  return {
    normalize: (node, kind) => {
      if (kind === 'tax/identity') normalizeTaxIdentity(node);
      else regimeNormalizers[cc]?.(node, kind);
    },
    validate: (node, kind, path) => {
      switch (kind) {
        case 'bill/invoice':
          return invoiceRules[cc]?.(node, path) ?? [];
        case 'org/identity':
          return identityRules[cc]?.(node, path) ?? [];
        case 'org/party':
          return partyRules[cc]?.(node, path) ?? [];
        case 'org/item':
          return itemRules[cc]?.(node, path) ?? [];
        case 'tax/combo':
          return comboRules[cc]?.(node, path) ?? [];
        default:
          return [];
      }
    },
  };
}

/** For identities of countries without a regime: GOBL's generic code cleanup only. */
export const genericIdentityHooks: Hooks = {
  normalize: (node, kind) => {
    if (kind === 'tax/identity') normalizeTaxIdentity(node);
  },
};
