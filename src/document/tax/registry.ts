import type { Addon, AddonCorrection } from './addon-def';
import type { ExtensionDefinition } from './extension-def';
import type { TaxIdentityDef } from './identity-def';
import type { Regime, RegimeRule } from './regime-def';

/**
 * What regimes, addons and catalogues register into, as in GOBL's `tax` package: the engine looks
 * countries and addon keys up here and never imports a regime or an addon itself.
 */

const regimeList: Regime[] = [];
const regimesByCode = new Map<string, Regime>();
const identitiesByCountry = new Map<string, TaxIdentityDef>();
const regimeExtensionKeys = new Set<string>();
const everywhereRules = new Map<string, RegimeRule[]>();

const addonList: Addon[] = [];
const addonsByKey = new Map<string, Addon>();
const addonExtensions = new Map<string, ExtensionDefinition>();
const catalogueExtensions = new Map<string, ExtensionDefinition>();

export function registerRegime(regime: Regime): void {
  regimeList.push(regime);
  regimesByCode.set(regime.country, regime);
  for (const alt of regime.altCountryCodes ?? []) regimesByCode.set(alt, regime);
  const identity = regime.identity;
  if (identity) {
    identitiesByCountry.set(identity.country, identity);
    for (const alt of identity.altCountries ?? []) identitiesByCountry.set(alt, identity);
  }
  for (const e of regime.extensions ?? []) regimeExtensionKeys.add(e.key);
  for (const [kind, rule] of Object.entries(regime.everywhere ?? {})) {
    if (rule) everywhereRules.set(kind, [...(everywhereRules.get(kind) ?? []), rule]);
  }
}

/** The checks regimes make on objects of a kind in any document, whatever the document's regime. */
export function rulesEverywhere(kind: string): readonly RegimeRule[] {
  return everywhereRules.get(kind) ?? [];
}

/** The regime for a country or tax code (alt codes too: `GR` finds Greece's `EL`), case-insensitive. */
export function regimeFor(country: string | undefined | null): Regime | undefined {
  if (!country) return undefined;
  return regimesByCode.get(country.toUpperCase());
}

/** Every registered regime, in registration order. */
export function allRegimes(): readonly Regime[] {
  return regimeList;
}

/** The identity definition for a tax country code (alternatives included, e.g. GR or XI); exact case. */
export function taxIdentityDefFor(country: string): TaxIdentityDef | undefined {
  return identitiesByCountry.get(country);
}

/** Addons register in GOBL's order, which is the order their normalizers run on one node. */
export function registerAddon(addon: Addon): void {
  addonList.push(addon);
  addonsByKey.set(addon.def.key, addon);
  for (const e of addon.def.extensions) addonExtensions.set(e.key, e);
}

export function addonFor(key: string): Addon | undefined {
  return addonsByKey.get(key);
}

/** Every registered addon, in registration order. */
export function allAddons(): readonly Addon[] {
  return addonList;
}

/**
 * The document's addon list as GOBL rewrites it before normalizing: each addon preceded by the
 * addons it requires (transitively), duplicates and unknown keys dropped. Core should store the
 * result back in `$addons`.
 */
export function expandAddons(keys: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const addon = addonFor(key);
    if (!addon) return;
    for (const r of addon.def.requires ?? []) add(r);
    out.push(key);
  };
  keys.forEach(add);
  return out;
}

/** Correction definitions of the given addons. */
export function addonCorrections(keys: string[], schema = 'bill/invoice'): AddonCorrection[] {
  return expandAddons(keys).flatMap((k) => (addonFor(k)?.def.corrections ?? []).filter((c) => c.schema === schema));
}

/** Catalogues (UNTDID, ISO, CEF) define extensions no addon owns; a catalogue's definition wins over an addon's. */
export function registerCatalogue(defs: readonly ExtensionDefinition[]): void {
  for (const e of defs) catalogueExtensions.set(e.key, e);
}

/** The definition of an extension key from any addon or catalogue. */
export function extensionDefinition(key: string): ExtensionDefinition | undefined {
  return catalogueExtensions.get(key) ?? addonExtensions.get(key);
}

/** True when any regime, addon or catalogue defines the extension key. */
export function extensionKnown(key: string): boolean {
  return regimeExtensionKeys.has(key) || extensionDefinition(key) !== undefined;
}

/** True when `code` is allowed for the extension `key` (unknown keys are never valid). */
export function extensionCodeValid(key: string, code: string): boolean {
  const def = extensionDefinition(key);
  if (!def) return false;
  if (def.codes) return def.codes.includes(code);
  if (def.pattern) return new RegExp(def.pattern).test(code);
  return true;
}
