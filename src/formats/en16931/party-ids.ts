import type { JsonObject } from '../../document';
import { ISO_SCHEME_ID } from '../../document/addons/eu-en16931';
import { objects, str } from '../../document/rules/values';
import { getExt } from '../../document/tax/extensions';

/**
 * A party's identifiers as EN 16931 writes them, read from its GOBL identities: its identifiers (BT-29 for the
 * seller, BT-46 for the buyer), its legal registration (BT-30, BT-47) and, for the seller, its tax registration that
 * is no VAT number (BT-32). The VAT identifier (BT-31, BT-48) is the party's `tax_id`, written apart.
 */

/** An identifier and its ISO 6523 scheme, where the identity has one. */
export interface PartyId {
  id: string;
  scheme?: string;
}

export interface PartyIds {
  /** BT-29 (any number of them) or BT-46 (one at most). */
  identifiers: PartyId[];
  /** BT-30, BT-47: the identity of scope `legal`. */
  legal?: PartyId;
  /** BT-32, the seller's only: the identity of scope `tax`, or a German tax number (Steuernummer). */
  taxRegistration?: string;
}

/** GOBL's identity keys that stand for a tax registration that is no VAT number. */
const TAX_NUMBER_KEYS = new Set(['de-tax-number']);

const partyId = (identity: JsonObject): PartyId => {
  const scheme = getExt(identity, ISO_SCHEME_ID);
  return scheme === '' ? { id: str(identity, 'code') } : { id: str(identity, 'code'), scheme };
};

/**
 * What of a party's identities EN 16931 has a place for. An identity without a scope is an identifier where it names
 * its ISO 6523 scheme (the EN 16931 addon gives one to a GLN or a SIRET, say) or is a plain code with no key nor type
 * (as identifiers are read from a received document); others (a national type EN 16931 cannot name) are not written.
 */
export function partyIdsOf(party: JsonObject | undefined, role: 'supplier' | 'customer'): PartyIds {
  const identities = objects(party, 'identities').filter((identity) => str(identity, 'code') !== '');
  const isTaxNumber = (identity: JsonObject) => str(identity, 'scope') === 'tax' || TAX_NUMBER_KEYS.has(str(identity, 'key'));
  const identifiers = identities
    .filter(
      (identity) =>
        str(identity, 'scope') === '' &&
        !isTaxNumber(identity) &&
        (getExt(identity, ISO_SCHEME_ID) !== '' || (str(identity, 'key') === '' && str(identity, 'type') === '')),
    )
    .map(partyId);
  const legal = identities.find((identity) => str(identity, 'scope') === 'legal');
  const taxNumber = role === 'supplier' ? identities.find(isTaxNumber) : undefined;
  return {
    // The buyer has one identifier at most (UBL-SR-16 and CII's single one).
    identifiers: role === 'customer' ? identifiers.slice(0, 1) : identifiers,
    legal: legal && partyId(legal),
    taxRegistration: taxNumber && str(taxNumber, 'code'),
  };
}

/** The tax scheme under which a tax registration that is no VAT number (BT-32) is written: UNTDID 5153's fiscal code. */
export const TAX_REGISTRATION_SCHEME = 'FC';
