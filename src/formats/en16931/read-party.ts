import { ISO_SCHEME_ID } from '../../document/addons/eu-en16931';
import type { Json, JsonObject } from '../../document';
import type { ReadAddress, ReadId, ReadParty } from './read-terms';

/** GOBL's parties, addresses and identities made of a received document's terms, for UBL and CII alike. */

/** An object being made, whose members may be left undefined. */
export type Draft = Record<string, Json | undefined>;

/** Drops the members left undefined, empty texts and empty lists, so GOBL sees only what the document says. */
export function compact(node: Draft): JsonObject {
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(node)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[name] = value;
  }
  return out;
}

/** A list of one object, or none: GOBL keeps a party's addresses, e-mails and telephones as lists. */
const listOf = (node: JsonObject | undefined): JsonObject[] | undefined => (node ? [node] : undefined);

/** A postal address: the further lines (BT-36, BT-162) joined, as GOBL has one field for them. */
export function goblAddress(address: ReadAddress | undefined): JsonObject | undefined {
  if (!address) return undefined;
  const node = compact({
    street: address.street,
    street_extra: address.extra.join(', '),
    locality: address.city,
    code: address.postcode,
    region: address.region,
    country: address.country,
  });
  return Object.keys(node).length > 0 ? node : undefined;
}

/** An identifier with its ISO 6523 scheme (the EN 16931 identifiers' scheme) as the addon's extension. */
export const schemedIdentity = (id: ReadId, scope?: string): JsonObject =>
  compact({ scope, code: id.id, ext: id.scheme ? { [ISO_SCHEME_ID]: id.scheme } : undefined });

/** The VAT identifier's country prefix: two letters, Greece's EL being GR to GOBL. */
const prefixCountry = (prefix: string): string => (prefix === 'EL' ? 'GR' : prefix);

/**
 * A VAT identifier (BT-31, BT-48) as GOBL's tax identity: the country from its prefix, the code without it (GOBL
 * cleans the rest); an identifier without a prefix takes the country of the party's address.
 */
export function goblTaxId(vatId: string, country: string | undefined): JsonObject {
  const prefixed = /^([A-Za-z]{2})(.*)$/.exec(vatId.trim());
  if (prefixed) return { country: prefixCountry(prefixed[1].toUpperCase()), code: prefixed[2].trim() };
  return compact({ country, code: vatId.trim() });
}

/** The identity keys GOBL's regimes give a tax registration that is no VAT number (BT-32), by the party's country. */
const TAX_NUMBER_KEYS: Record<string, string> = { DE: 'de-tax-number' };

/** A tax registration (BT-32): the key its country's regime knows it by, else an identity of scope `tax`. */
function taxRegistration(code: string, country: string | undefined): JsonObject {
  const key = country ? TAX_NUMBER_KEYS[country] : undefined;
  return key ? { key, code } : compact({ scope: 'tax', country, code });
}

/** An electronic address (BT-34, BT-49) as an inbox: an e-mail (scheme EM) as one, else its EAS scheme and code. */
function goblInbox(endpoint: ReadId): JsonObject {
  return endpoint.scheme === 'EM' ? { email: endpoint.id } : compact({ scheme: endpoint.scheme, code: endpoint.id });
}

/**
 * A party of the document as GOBL's `org/party`. Its trading name is its alias where it differs from its name, or its
 * name where it has no other; its tax registration (BT-32) an identity; the contact's name is one
 * person's given name, as EN 16931 does not part it. `ownCountry` gives the seller a tax identity of its address's
 * country when it states no VAT identifier, so that GOBL still takes the seller's country's regime.
 */
export function goblParty(party: ReadParty | undefined, ownCountry = false): JsonObject | undefined {
  if (!party) return undefined;
  const country = party.address?.country;
  const name = party.name ?? party.tradingName;
  const contact = party.contact;
  const identities = [
    ...party.identifiers.map((id) => schemedIdentity(id)),
    ...(party.legalId ? [schemedIdentity(party.legalId, 'legal')] : []),
    ...(party.taxRegistration ? [taxRegistration(party.taxRegistration, country)] : []),
  ];
  const taxId = party.vatId ? goblTaxId(party.vatId, country) : ownCountry && country ? { country } : undefined;
  const node = compact({
    name,
    alias: party.tradingName !== name ? party.tradingName : undefined,
    tax_id: taxId,
    identities,
    people: contact?.name ? [{ name: { given: contact.name } }] : undefined,
    inboxes: party.endpoint ? [goblInbox(party.endpoint)] : undefined,
    addresses: listOf(goblAddress(party.address)),
    emails: contact?.email ? [{ addr: contact.email }] : undefined,
    telephones: contact?.telephone ? [{ num: contact.telephone }] : undefined,
  });
  return Object.keys(node).length > 0 ? node : undefined;
}
