import type { NodeKind } from '../../hooks';
import type { JsonObject } from '../../types';

/** Tax country codes that are not ISO codes, and the ISO country each stands for. */
const ISO_OF_TAX_CODE: Readonly<Record<string, string>> = { EL: 'GR', XI: 'GB', XU: 'GB', EU: '' };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The country a party's addresses default to: its tax ID's (as an ISO code), else that of its first identity with one. */
function partyCountry(party: JsonObject): string {
  const taxCountry = isObject(party.tax_id) ? text(party.tax_id.country) : '';
  if (taxCountry !== '') return ISO_OF_TAX_CODE[taxCountry] ?? taxCountry;
  const identities = Array.isArray(party.identities) ? party.identities : [];
  for (const id of identities) if (isObject(id) && text(id.country) !== '') return text(id.country);
  return '';
}

/** GOBL's BR regime (v0.502): a party's addresses without a country take the party's country. */
export function normalizeBr(node: JsonObject, kind: NodeKind): void {
  if (kind !== 'org/party' || !Array.isArray(node.addresses) || node.addresses.length === 0) return;
  const country = partyCountry(node);
  if (country === '') return;
  for (const address of node.addresses) if (isObject(address) && text(address.country) === '') address.country = country;
}
