import type { JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import type { XmlElement } from '../xml-tree';
import { vatIdentifier } from '../en16931/codes';
import { contactOf, electronicAddress } from '../en16931/semantics';

const text = (value: string): string | undefined => (value === '' ? undefined : value);

/** A GOBL address as UBL's postal address: street and number, city, postal zone, region, country. */
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

/** A GOBL party (org.Party) as UBL's cac:Party. */
export function ublParty(party: JsonObject): XmlElement {
  const taxId = obj(party, 'tax_id');
  const address = objects(party, 'addresses')[0];
  const contact = contactOf(party);
  const endpoint = electronicAddress(party);
  return {
    'cbc:EndpointID': endpoint && { '@schemeID': endpoint.scheme, '#': endpoint.id },
    'cac:PartyName': text(str(party, 'alias')) && { 'cbc:Name': str(party, 'alias') },
    'cac:PostalAddress': address && postalAddress(address),
    'cac:PartyTaxScheme':
      taxId && str(taxId, 'code') !== ''
        ? { 'cbc:CompanyID': vatIdentifier(str(taxId, 'country'), str(taxId, 'code')), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
        : undefined,
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': str(party, 'name') },
    'cac:Contact': contact && { 'cbc:Name': contact.name, 'cbc:Telephone': contact.telephone, 'cbc:ElectronicMail': contact.email },
  };
}
