/**
 * Which addons a generated document may declare, per regime: those the engine knows, and (with `--ext`)
 * the external ones only the extended reference build has. Also extension values for tax combos.
 */
import '../../src/document/addons';
import { allAddons } from '../../src/document/tax/registry';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';

/** Addons the engine knows, by the country of the regime they belong to. */
const KNOWN_BY_REGIME: Record<string, string[]> = {
  AR: ['ar-arca-v4'],
  CO: ['co-dian-v2'],
  DE: ['de-xrechnung-v3', 'de-zugferd-v2', 'eu-en16931-v2017'],
  ES: ['es-facturae-v3', 'es-sii-v1', 'es-tbai-v1', 'es-verifactu-v1', 'eu-en16931-v2017'],
  FR: ['fr-choruspro-v1', 'fr-facturx-v1', 'eu-en16931-v2017'],
  EL: ['gr-mydata-v1'],
  IT: ['it-sdi-v1', 'it-ticket-v1'],
  PL: ['pl-favat-v3'],
  AT: ['eu-en16931-v2017'],
  BE: ['eu-en16931-v2017'],
  NL: ['eu-en16931-v2017'],
};

/**
 * Addons that only the extended reference build has (modules outside GOBL's core), for the invoices, orders and
 * deliveries of a regime. France's flow 6 addon is declared on payments and status messages (see fr-ctc.ts).
 */
export const EXTERNAL_BY_REGIME: Record<string, string[]> = {
  MX: ['mx-cfdi-v4'],
  PT: ['pt-saft-v1'],
  // Not br-nfe-v4: the engine implements it, but the extended reference build does not link gobl.br.nfe, so the
  // reference would drop the key and a comparison would say nothing. It is checked against the module's examples.
  BR: ['br-nfse-v1'],
  SA: ['sa-zatca-v1'],
  FR: ['fr-ctc-flow2-v1', 'fr-ctc-flow10-v1'],
};

export function knownAddonsFor(country: string): string[] {
  return KNOWN_BY_REGIME[country] ?? [];
}

/** One addon for a document of that regime, or none. */
export function chooseAddons(rng: Random, country: string, external: boolean): string[] {
  const pool = [...knownAddonsFor(country), ...(external ? (EXTERNAL_BY_REGIME[country] ?? []) : [])];
  if (pool.length === 0) return [];
  const wantsOne = external && EXTERNAL_BY_REGIME[country] ? 0.8 : 0.3;
  return rng.chance(wantsOne) ? [rng.pick(pool)] : [];
}

/** A closed-list extension of one of the addons, with a valid code, or undefined. */
export function extensionFor(rng: Random, addons: string[]): JsonObject | undefined {
  const defs = allAddons()
    .filter((a) => addons.includes(a.def.key))
    .flatMap((a) => a.def.extensions.filter((e) => e.codes && e.codes.length > 0));
  if (defs.length === 0) return undefined;
  const def = rng.pick(defs);
  return { [def.key]: rng.pick(def.codes!) };
}

/** Extension keys of known addons, for mutations that put a bad code in one. */
export function extensionKeys(addons: string[]): string[] {
  return allAddons()
    .filter((a) => addons.includes(a.def.key))
    .flatMap((a) => a.def.extensions.filter((e) => e.codes).map((e) => e.key));
}
