import type { NodeKind } from '../../base/node-kind';
import { obj, objects, str } from '../../rules/values';
import { isoCountryOfTaxCode } from '../../tax/iso-country';
import type { JsonObject } from '../../base/types';

/** The country a party's addresses default to: its tax ID's (as an ISO code), else that of its first identity with one. */
function partyCountry(party: JsonObject): string {
  const taxCountry = str(obj(party, 'tax_id'), 'country');
  if (taxCountry !== '') return isoCountryOfTaxCode(taxCountry);
  for (const id of objects(party, 'identities')) if (str(id, 'country') !== '') return str(id, 'country');
  return '';
}

/** GOBL's BR regime (v0.502): a party's addresses without a country take the party's country. */
export function normalizeBr(node: JsonObject, kind: NodeKind): void {
  if (kind !== 'org/party') return;
  const addresses = objects(node, 'addresses');
  if (addresses.length === 0) return;
  const country = partyCountry(node);
  if (country === '') return;
  for (const address of addresses) if (str(address, 'country') === '') address.country = country;
}
