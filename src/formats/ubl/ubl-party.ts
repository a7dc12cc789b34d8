import type { Fault, JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { ruleFault } from '../format-result';
import type { XmlElement } from '../xml-tree';
import { vatIdentifier } from './ubl-codes';

/** Which party: its EN 16931 rules differ only in their numbers. */
export type PartyRole = 'supplier' | 'customer';

const RULES = {
  supplier: { name: 'BR-06', address: 'BR-08', country: 'BR-09' },
  customer: { name: 'BR-07', address: 'BR-10', country: 'BR-11' },
} as const;

/** What EN 16931 requires of a party that GOBL leaves optional: its name, a postal address, that address's country. */
export function partyFaults(party: JsonObject | undefined, role: PartyRole): Fault[] {
  const path = `$.doc.${role}`;
  const rules = RULES[role];
  if (!party) return [ruleFault(rules.name, path, `the ${role} is needed`)];
  const faults: Fault[] = [];
  if (str(party, 'name') === '') faults.push(ruleFault(rules.name, `${path}.name`, `the ${role}'s name is needed`));
  const address = objects(party, 'addresses')[0];
  if (!address) faults.push(ruleFault(rules.address, `${path}.addresses`, `the ${role}'s postal address is needed`));
  else if (str(address, 'country') === '') {
    faults.push(ruleFault(rules.country, `${path}.addresses[0].country`, `the ${role}'s address needs its country`));
  }
  return faults;
}

/** The electronic address (BT-34, BT-49): the party's first inbox with a scheme and a code, or an e-mail inbox. */
function endpoint(party: JsonObject): XmlElement | undefined {
  for (const inbox of objects(party, 'inboxes')) {
    if (str(inbox, 'scheme') !== '' && str(inbox, 'code') !== '') return { '@schemeID': str(inbox, 'scheme'), '#': str(inbox, 'code') };
    if (str(inbox, 'email') !== '') return { '@schemeID': 'EM', '#': str(inbox, 'email') };
  }
  return undefined;
}

const text = (value: string): string | undefined => (value === '' ? undefined : value);

export function postalAddress(address: JsonObject): XmlElement {
  const street = [str(address, 'street'), str(address, 'num')].filter((part) => part !== '').join(' ');
  return {
    'cbc:StreetName': text(street),
    'cbc:AdditionalStreetName': text(str(address, 'street_extra')),
    'cbc:CityName': text(str(address, 'locality')),
    'cbc:PostalZone': text(str(address, 'code')),
    'cbc:CountrySubentity': text(str(address, 'region')),
    'cac:Country': { 'cbc:IdentificationCode': str(address, 'country') },
  };
}

/** A contact's name: the party's first person, given name then surname. */
function contactName(party: JsonObject): string | undefined {
  const name = obj(objects(party, 'people')[0], 'name');
  return text([str(name, 'given'), str(name, 'surname')].filter((part) => part !== '').join(' '));
}

/** A GOBL party (org.Party) as UBL's cac:Party. */
export function ublParty(party: JsonObject): XmlElement {
  const taxId = obj(party, 'tax_id');
  const address = objects(party, 'addresses')[0];
  const contact = {
    'cbc:Name': contactName(party),
    'cbc:Telephone': text(str(objects(party, 'telephones')[0], 'num')),
    'cbc:ElectronicMail': text(str(objects(party, 'emails')[0], 'addr')),
  };
  const hasContact = Object.values(contact).some((value) => value !== undefined);
  return {
    'cbc:EndpointID': endpoint(party),
    'cac:PartyName': text(str(party, 'alias')) && { 'cbc:Name': str(party, 'alias') },
    'cac:PostalAddress': address && postalAddress(address),
    'cac:PartyTaxScheme':
      taxId && str(taxId, 'code') !== ''
        ? { 'cbc:CompanyID': vatIdentifier(str(taxId, 'country'), str(taxId, 'code')), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
        : undefined,
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': str(party, 'name') },
    'cac:Contact': hasContact ? contact : undefined,
  };
}
