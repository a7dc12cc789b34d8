import type { Hooks } from '../tax/hooks';
import { normalizeTaxIdentity } from '../tax/identity-by-country';
import type { Regime } from '../tax/regime-def';
import { regimeFor } from '../tax/registry';

/**
 * The hooks of one regime, read from the regime itself. Tax identities are normalized by the regime
 * of their own country; the regime's normalizer handles the rest, and its rules run as its validator.
 */
export function regimeHooksFor(regime: Regime): Hooks {
  return {
    normalize: (node, kind) => {
      if (kind === 'tax/identity') normalizeTaxIdentity(node);
      else regime.normalize?.(node, kind);
    },
    validate: (node, kind, path) => regime.rules?.[kind]?.(node, path) ?? [],
  };
}

/** For identities of countries without a regime: GOBL's generic code cleanup only. */
export const genericIdentityHooks: Hooks = {
  normalize: (node, kind) => {
    if (kind === 'tax/identity') normalizeTaxIdentity(node);
  },
};

/**
 * The normalization and validation hooks of a country's regime (tax identities and the like).
 * Unknown countries get the generic tax identity cleanup GOBL applies to identities without a regime.
 */
export function regimeHooks(country: string | undefined | null): Hooks {
  const regime = regimeFor(country);
  return regime ? regimeHooksFor(regime) : genericIdentityHooks;
}
