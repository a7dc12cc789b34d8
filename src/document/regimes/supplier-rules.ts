import { asArray, asObject, isObject, isPresent } from '../rules/values';
import type { JsonObject } from '../types';

/** Supplier tests shared by regime rules. */

export function hasTaxIdCode(party: JsonObject | undefined): boolean {
  const taxId = party && asObject(party.tax_id);
  return !!taxId && isPresent(taxId.code);
}

/** True when the party has an identity whose `type` (or `key`, with `by`) is one of `values`. */
export function hasIdentity(party: JsonObject | undefined, values: string[], by: 'type' | 'key' = 'type'): boolean {
  return !!party && asArray(party.identities).some((id) => isObject(id) && values.includes(String(id[by])));
}
