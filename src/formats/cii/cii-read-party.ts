import type { ReadAddress, ReadAllowanceCharge, ReadId, ReadParty, ReadVat } from '../en16931/read-terms';
import type { ReadCursor } from '../read-cursor';

/** CII D16B's parties, addresses, dates, tax categories and allowances read as EN 16931's terms (the meaning is en16931/'s). */

/** A date as CII writes it: format 102 (`20261120`), the only one EN 16931 takes, also where the format is not said. */
export function ciiDate(text: string, element: ReadCursor): string | undefined {
  const format = element.attribute(undefined, 'format');
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return (format === undefined || format === '102') && match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

/** An identifier at `path` (the element itself without one) and its `schemeID`. */
export function ciiId(from: ReadCursor | undefined, path?: string): ReadId | undefined {
  const id = from?.text(path);
  return id === undefined ? undefined : { id, scheme: from!.attribute(path, 'schemeID') };
}

/** A ram:PostalTradeAddress. */
export function ciiAddress(address: ReadCursor | undefined): ReadAddress | undefined {
  if (!address) return undefined;
  return {
    street: address.text('ram:LineOne'),
    extra: [...address.texts('ram:LineTwo'), ...address.texts('ram:LineThree')],
    city: address.text('ram:CityName'),
    postcode: address.text('ram:PostcodeCode'),
    region: address.text('ram:CountrySubDivisionName'),
    country: address.text('ram:CountryID'),
  };
}

/** The tax registration of a scheme: VA a VAT identifier, FC any other (BT-32). */
const registration = (party: ReadCursor, scheme: string): string | undefined =>
  party
    .all('ram:SpecifiedTaxRegistration')
    .find((r) => r.attribute('ram:ID', 'schemeID')?.toUpperCase() === scheme)
    ?.text('ram:ID');

/**
 * A trade party: its name, trading name (of its legal organization), identifiers (ram:ID without a scheme,
 * ram:GlobalID with one), legal registration, tax registrations, electronic address, address and contact.
 */
export function ciiParty(party: ReadCursor | undefined): ReadParty | undefined {
  if (!party) return undefined;
  const contact = party.one('ram:DefinedTradeContact');
  return {
    name: party.text('ram:Name'),
    tradingName: party.text('ram:SpecifiedLegalOrganization/ram:TradingBusinessName'),
    identifiers: [...party.all('ram:ID').flatMap((id) => ciiId(id) ?? []), ...party.all('ram:GlobalID').flatMap((id) => ciiId(id) ?? [])],
    legalId: ciiId(party, 'ram:SpecifiedLegalOrganization/ram:ID'),
    vatId: registration(party, 'VA'),
    taxRegistration: registration(party, 'FC'),
    endpoint: ciiId(party, 'ram:URIUniversalCommunication/ram:URIID'),
    address: ciiAddress(party.one('ram:PostalTradeAddress')),
    contact: contact && {
      name: contact.text('ram:PersonName') ?? contact.text('ram:DepartmentName'),
      telephone: contact.text('ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
      email: contact.text('ram:EmailURIUniversalCommunication/ram:URIID'),
    },
  };
}

/** A ram:ApplicableTradeTax or ram:CategoryTradeTax: its VAT category code and rate. */
export const ciiVat = (tax: ReadCursor | undefined): ReadVat | undefined =>
  tax && { category: tax.text('ram:CategoryCode'), percent: tax.decimal('ram:RateApplicablePercent') };

/** A ram:SpecifiedTradeAllowanceCharge, on the document or on a line. */
export function ciiAllowanceCharge(node: ReadCursor): ReadAllowanceCharge {
  const indicator = node.text('ram:ChargeIndicator/udt:Indicator');
  return {
    charge: indicator === 'true' || indicator === '1',
    amount: node.decimal('ram:ActualAmount'),
    base: node.decimal('ram:BasisAmount'),
    percent: node.decimal('ram:CalculationPercent'),
    reasonCode: node.text('ram:ReasonCode'),
    reason: node.text('ram:Reason'),
    vat: ciiVat(node.one('ram:CategoryTradeTax')),
  };
}
