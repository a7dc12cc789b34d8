import { cleanTaxCode } from '../tax/identity-normalize';
import type { JsonObject } from '../types';
import type { TaxId, TaxIdentityDef } from './identity';
import { aeIdentity } from './ae-identity';
import { arIdentity } from './ar-identity';
import { atIdentity } from './at-identity';
import { beIdentity } from './be-identity';
import { brIdentity } from './br-identity';
import { caIdentity } from './ca-identity';
import { chIdentity } from './ch-identity';
import { coIdentity } from './co-identity';
import { deIdentity } from './de-identity';
import { dkIdentity } from './dk-identity';
import { elIdentity } from './el-identity';
import { esIdentity } from './es-identity';
import { fiIdentity } from './fi-identity';
import { frIdentity } from './fr-identity';
import { gbIdentity } from './gb-identity';
import { ieIdentity } from './ie-identity';
import { inIdentity } from './in-identity';
import { itIdentity } from './it-identity';
import { mxIdentity } from './mx-identity';
import { nlIdentity } from './nl-identity';
import { noIdentity } from './no-identity';
import { plIdentity } from './pl-identity';
import { ptIdentity } from './pt-identity';
import { saIdentity } from './sa-identity';
import { seIdentity } from './se-identity';
import { sgIdentity } from './sg-identity';
import { usIdentity } from './us-identity';

/** Tax identity formats of every regime, one entry per country. */
export const taxIdentityDefs: readonly TaxIdentityDef[] = [
  aeIdentity, arIdentity, atIdentity, beIdentity, brIdentity, caIdentity, chIdentity, coIdentity, deIdentity,
  dkIdentity, elIdentity, esIdentity, fiIdentity, frIdentity, gbIdentity, ieIdentity, inIdentity, itIdentity,
  mxIdentity, nlIdentity, noIdentity, plIdentity, ptIdentity, saIdentity, seIdentity, sgIdentity, usIdentity,
];

const byCountry = new Map<string, TaxIdentityDef>();
for (const def of taxIdentityDefs) {
  byCountry.set(def.country, def);
  for (const alt of def.altCountries ?? []) byCountry.set(alt, def);
}

/** The identity definition for a tax country code (alternatives included, e.g. GR or XI). */
export function taxIdentityDefFor(country: string): TaxIdentityDef | undefined {
  return byCountry.get(country);
}

/**
 * Normalizes a tax ID by its own country's rules, never the document's (as GOBL does):
 * a known country uses its regime's cleaner; an unknown one gets the generic cleanup.
 */
export function normalizeTaxId(id: TaxId): TaxId {
  const def = byCountry.get(id.country);
  if (!def) return { ...id, code: cleanTaxCode(id.code, id.country) };
  return def.normalize ? def.normalize(id) : id;
}

/** Normalizes a `tax/identity` object in place (country and code); other fields are left alone. */
export function normalizeTaxIdentity(node: JsonObject): void {
  const country = typeof node.country === 'string' ? node.country : '';
  const hasCode = typeof node.code === 'string';
  const out = normalizeTaxId({ country, code: hasCode ? (node.code as string) : '' });
  if (country !== '' && out.country !== country) node.country = out.country;
  if (out.code !== '') node.code = out.code;
  else if (hasCode) delete node.code;
}

/** Fault codes a normalized, non-empty code of `country` breaks. Only the regime's own code is checked (EL, not GR). */
export function taxCodeFaults(country: string, code: string): string[] {
  const def = byCountry.get(country);
  if (!def || def.country !== country || code === '') return [];
  return def.check(code);
}
