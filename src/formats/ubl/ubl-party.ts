import type { JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { optional, type XmlElement } from '../xml-tree';
import { vatIdentifier } from '../en16931/codes';
import { partyIdsOf, TAX_REGISTRATION_SCHEME, type PartyId } from '../en16931/party-ids';
import { contactOf, type ElectronicAddress, type PartyRole } from '../en16931/semantics';

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

/** An identifier with its scheme, where it has one. */
const schemed = (id: PartyId): XmlElement | string => (id.scheme === undefined ? id.id : { '@schemeID': id.scheme, '#': id.id });

/**
 * A GOBL party (org.Party) as UBL's cac:Party, at its electronic address: its identifiers (BT-29, BT-46), VAT
 * identifier and, for the seller, its other tax registration (BT-32), its legal registration (BT-30, BT-47); a
 * seller with its SEPA creditor identifier.
 */
export function ublParty(party: JsonObject, role: PartyRole, endpoint: ElectronicAddress | undefined, sepaCreditor?: string): XmlElement {
  const taxId = obj(party, 'tax_id');
  const address = objects(party, 'addresses')[0];
  const contact = contactOf(party);
  const ids = partyIdsOf(party, role);
  const identifications: XmlElement[] = ids.identifiers.map((id) => ({ 'cbc:ID': schemed(id) }));
  if (sepaCreditor !== undefined) identifications.push({ 'cbc:ID': { '@schemeID': 'SEPA', '#': sepaCreditor } });
  const taxSchemes: XmlElement[] = [];
  if (taxId && str(taxId, 'code') !== '') {
    taxSchemes.push({ 'cbc:CompanyID': vatIdentifier(str(taxId, 'country'), str(taxId, 'code')), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } });
  }
  if (ids.taxRegistration !== undefined) {
    taxSchemes.push({ 'cbc:CompanyID': ids.taxRegistration, 'cac:TaxScheme': { 'cbc:ID': TAX_REGISTRATION_SCHEME } });
  }
  return {
    'cbc:EndpointID': endpoint && { '@schemeID': endpoint.scheme, '#': endpoint.id },
    'cac:PartyIdentification': identifications,
    'cac:PartyName': optional(str(party, 'alias')) && { 'cbc:Name': str(party, 'alias') },
    'cac:PostalAddress': address && postalAddress(address),
    'cac:PartyTaxScheme': taxSchemes,
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': str(party, 'name'), 'cbc:CompanyID': ids.legal && schemed(ids.legal) },
    'cac:Contact': contact && { 'cbc:Name': contact.name, 'cbc:Telephone': contact.telephone, 'cbc:ElectronicMail': contact.email },
  };
}
