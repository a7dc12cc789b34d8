import type { JsonObject } from '../base/types';
import type { TaxId } from './identity-def';
import { cleanTaxId } from './identity-normalize';
import { taxIdentityDefFor } from './registry';

/**
 * Normalizes a tax ID by its own country's rules, never the document's (as GOBL does):
 * a known country uses its regime's cleaner; an unknown one gets the generic cleanup.
 */
export function normalizeTaxId(id: TaxId): TaxId {
  const def = taxIdentityDefFor(id.country);
  if (!def) return cleanTaxId(id);
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
  const def = taxIdentityDefFor(country);
  if (!def || def.country !== country || code === '') return [];
  return def.check(code);
}
