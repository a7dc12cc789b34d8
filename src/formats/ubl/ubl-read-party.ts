import type { ReadAddress, ReadAllowanceCharge, ReadId, ReadParty, ReadVat } from '../en16931/read-terms';
import type { ReadCursor } from '../read-cursor';

/** UBL 2.1's parties, addresses, tax categories and allowances read as EN 16931's terms (the meaning is en16931/'s). */

/** A date as UBL writes it (xs:date), its time zone, if any, left aside. */
export const ublDate = (text: string): string | undefined => /^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(text)?.[1];

/** An identifier and its `schemeID`. */
export function ublId(from: ReadCursor | undefined, path: string): ReadId | undefined {
  const id = from?.text(path);
  return id === undefined ? undefined : { id, scheme: from!.attribute(path, 'schemeID') };
}

/** The scheme under which a party identifier is the seller's SEPA creditor identifier (BT-90), not an identifier. */
const SEPA = 'SEPA';

/** A postal address (cac:PostalAddress, cac:Address). */
export function ublAddress(address: ReadCursor | undefined): ReadAddress | undefined {
  if (!address) return undefined;
  return {
    street: address.text('cbc:StreetName'),
    extra: [...address.texts('cbc:AdditionalStreetName'), ...address.texts('cac:AddressLine/cbc:Line')],
    city: address.text('cbc:CityName'),
    postcode: address.text('cbc:PostalZone'),
    region: address.text('cbc:CountrySubentity'),
    country: address.text('cac:Country/cbc:IdentificationCode'),
  };
}

/** The SEPA creditor identifier (BT-90) a party carries among its identifications. */
export const sepaCreditor = (party: ReadCursor | undefined): string | undefined =>
  party
    ?.all('cac:PartyIdentification')
    .find((identification) => identification.attribute('cbc:ID', 'schemeID')?.toUpperCase() === SEPA)
    ?.text('cbc:ID');

/**
 * A cac:Party: its legal name (RegistrationName) and trading name (PartyName), identifiers, legal registration,
 * VAT identifier (the tax scheme VAT) and other tax registration, electronic address, address and contact.
 */
export function ublParty(party: ReadCursor | undefined): ReadParty | undefined {
  if (!party) return undefined;
  const schemes = party.all('cac:PartyTaxScheme');
  const vat = schemes.find((scheme) => scheme.text('cac:TaxScheme/cbc:ID')?.toUpperCase() === 'VAT');
  const other = schemes.find((scheme) => scheme !== vat && scheme.text('cbc:CompanyID') !== undefined);
  const contact = party.one('cac:Contact');
  return {
    name: party.text('cac:PartyLegalEntity/cbc:RegistrationName'),
    tradingName: party.text('cac:PartyName/cbc:Name'),
    identifiers: party
      .all('cac:PartyIdentification')
      .map((identification) => ublId(identification, 'cbc:ID'))
      .filter((id): id is ReadId => id !== undefined && id.scheme?.toUpperCase() !== SEPA),
    legalId: ublId(party, 'cac:PartyLegalEntity/cbc:CompanyID'),
    vatId: vat?.text('cbc:CompanyID'),
    taxRegistration: other?.text('cbc:CompanyID'),
    endpoint: ublId(party, 'cbc:EndpointID'),
    address: ublAddress(party.one('cac:PostalAddress')),
    contact: contact && {
      name: contact.text('cbc:Name'),
      telephone: contact.text('cbc:Telephone'),
      email: contact.text('cbc:ElectronicMail'),
    },
  };
}

/** A tax category (cac:ClassifiedTaxCategory, cac:TaxCategory): its VAT category code and rate. */
export const ublVat = (category: ReadCursor | undefined): ReadVat | undefined =>
  category && { category: category.text('cbc:ID'), percent: category.decimal('cbc:Percent') };

/** An xs:boolean's true. */
export const isTrue = (text: string | undefined): boolean => text === 'true' || text === '1';

/** A cac:AllowanceCharge, on the document or on a line. */
export function ublAllowanceCharge(node: ReadCursor): ReadAllowanceCharge {
  return {
    charge: isTrue(node.text('cbc:ChargeIndicator')),
    amount: node.decimal('cbc:Amount'),
    base: node.decimal('cbc:BaseAmount'),
    percent: node.decimal('cbc:MultiplierFactorNumeric'),
    reasonCode: node.text('cbc:AllowanceChargeReasonCode'),
    reason: node.text('cbc:AllowanceChargeReason'),
    vat: ublVat(node.one('cac:TaxCategory')),
  };
}
