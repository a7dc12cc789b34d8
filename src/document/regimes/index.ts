import type { Hooks } from '../hooks';
import type { Regime } from './regime';
import { ae } from './ae';
import { ar } from './ar';
import { at } from './at';
import { be } from './be';
import { br } from './br';
import { ca } from './ca';
import { ch } from './ch';
import { co } from './co';
import { de } from './de';
import { dk } from './dk';
import { el } from './el';
import { es } from './es';
import { fi } from './fi';
import { fr } from './fr';
import { gb } from './gb';
import { ie } from './ie';
import { in_ } from './in';
import { it } from './it';
import { mx } from './mx';
import { nl } from './nl';
import { no } from './no';
import { pl } from './pl';
import { pt } from './pt';
import { sa } from './sa';
import { se } from './se';
import { sg } from './sg';
import { us } from './us';
import { genericIdentityHooks, regimeHooksFor } from './regime-hooks';

export type * from './regime';

/** Every known regime. Adding a country: one table file and one entry here. */
export const regimes: readonly Regime[] = [
  ae, ar, at, be, br, ca, ch, co, de, dk, el, es, fi, fr, gb, ie, in_, it, mx, nl, no, pl, pt, sa, se, sg, us,
];

const byCode = new Map<string, Regime>();
for (const regime of regimes) {
  byCode.set(regime.country, regime);
  for (const alt of regime.altCountryCodes ?? []) byCode.set(alt, regime);
}

/** The regime for a country or tax code (alt codes too: `GR` finds Greece's `EL`), case-insensitive. */
export function regimeFor(country: string | undefined | null): Regime | undefined {
  if (!country) return undefined;
  return byCode.get(country.toUpperCase());
}

/**
 * The normalization and validation hooks of a country's regime (tax identities and the like).
 * Unknown countries get the generic tax identity cleanup GOBL applies to identities without a regime.
 */
export function regimeHooks(country: string | undefined | null): Hooks {
  const regime = regimeFor(country);
  return regime ? regimeHooksFor(regime) : genericIdentityHooks;
}

export { normalizeTaxIdentity, normalizeTaxId, taxIdentityDefFor } from './tax-identities';
