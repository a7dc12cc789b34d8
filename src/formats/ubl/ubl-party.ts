import type { JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { optional, type XmlElement } from '../xml-tree';
import { vatIdentifier } from '../en16931/codes';
import { contactOf, type ElectronicAddress } from '../en16931/semantics';

/** A GOBL address as UBL's postal address: street and number, city, postal zone, region, country. */
export function postalAddress(address: JsonObject): XmlElement {
  const street = [str(address, 'street'), str(address, 'num')].filter((part) => part !== '').join(' ');
  return {
    'cbc:StreetName': optional(street),
    'cbc:AdditionalStreetName': optional(str(address, 'street_extra')),
    'cbc:CityName': optional(str(address, 'locality')),
    'cbc:PostalZone': optional(str(address, 'code')),
    'cbc:CountrySubentity': optional(str(address, 'region')),
    'cac:Country': { 'cbc:IdentificationCode': str(address, 'country') },
  };
}

/** A GOBL party (org.Party) as UBL's cac:Party, at its electronic address; a seller with its SEPA creditor identifier. */
export function ublParty(party: JsonObject, endpoint: ElectronicAddress | undefined, sepaCreditor?: string): XmlElement {
  const taxId = obj(party, 'tax_id');
  const address = objects(party, 'addresses')[0];
  const contact = contactOf(party);
  return {
    'cbc:EndpointID': endpoint && { '@schemeID': endpoint.scheme, '#': endpoint.id },
    'cac:PartyIdentification': sepaCreditor === undefined ? undefined : { 'cbc:ID': { '@schemeID': 'SEPA', '#': sepaCreditor } },
    'cac:PartyName': optional(str(party, 'alias')) && { 'cbc:Name': str(party, 'alias') },
    'cac:PostalAddress': address && postalAddress(address),
    'cac:PartyTaxScheme':
      taxId && str(taxId, 'code') !== ''
        ? { 'cbc:CompanyID': vatIdentifier(str(taxId, 'country'), str(taxId, 'code')), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
        : undefined,
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': str(party, 'name') },
    'cac:Contact': contact && { 'cbc:Name': contact.name, 'cbc:Telephone': contact.telephone, 'cbc:ElectronicMail': contact.email },
  };
}
