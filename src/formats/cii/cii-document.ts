import type { Fault, JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import { unitCode, vatIdentifier } from '../en16931/codes';
import {
  allowancesAndChargesOf,
  contactOf,
  deliverToOf,
  documentFaults,
  invoiceNumber,
  lineVatOf,
  paymentOf,
  taxRateOf,
  typeCodeOf,
  vatBreakdown,
  type AllowanceCharge,
  type ElectronicAddress,
  type PartyRole,
} from '../en16931/semantics';
import { partyIdsOf, TAX_REGISTRATION_SCHEME } from '../en16931/party-ids';
import type { FormatResult } from '../format-result';
import { EN16931_PROFILE, notesOf, type Profile } from '../profile';
import { optional, xmlText, type XmlElement } from '../xml-tree';

export const NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** A date as CII writes it: format 102, YYYYMMDD. */
const date = (iso: string, type: 'udt' | 'qdt' = 'udt'): XmlElement => ({
  [`${type}:DateTimeString`]: { '@format': '102', '#': iso.replace(/-/g, '') },
});

/** A GOBL address as CII's ram:PostalTradeAddress. */
function postalAddress(address: JsonObject): XmlElement {
  const street = [str(address, 'street'), str(address, 'num')].filter((part) => part !== '').join(' ');
  return {
    'ram:PostcodeCode': optional(str(address, 'code')),
    'ram:LineOne': optional(street),
    'ram:LineTwo': optional(str(address, 'street_extra')),
    'ram:CityName': optional(str(address, 'locality')),
    'ram:CountryID': str(address, 'country'),
    'ram:CountrySubDivisionName': optional(str(address, 'region')),
  };
}

/**
 * A GOBL party as CII's trade party: identifiers (BT-29, BT-46: `ID` without a scheme, `GlobalID` with one), name,
 * legal registration and trading name, contact, address, electronic address, VAT and (the seller's) other tax
 * registration.
 */
function tradeParty(party: JsonObject, role: PartyRole, endpoint: ElectronicAddress | undefined): XmlElement {
  const taxId = obj(party, 'tax_id');
  const address = objects(party, 'addresses')[0];
  const contact = contactOf(party);
  const ids = partyIdsOf(party, role);
  const registrations: XmlElement[] = [];
  if (taxId && str(taxId, 'code') !== '') {
    registrations.push({ 'ram:ID': { '@schemeID': 'VA', '#': vatIdentifier(str(taxId, 'country'), str(taxId, 'code')) } });
  }
  if (ids.taxRegistration !== undefined) {
    registrations.push({ 'ram:ID': { '@schemeID': TAX_REGISTRATION_SCHEME, '#': ids.taxRegistration } });
  }
  const legal = ids.legal;
  return {
    'ram:ID': ids.identifiers.filter((id) => id.scheme === undefined).map((id) => id.id),
    'ram:GlobalID': ids.identifiers.filter((id) => id.scheme !== undefined).map((id) => ({ '@schemeID': id.scheme, '#': id.id })),
    'ram:Name': str(party, 'name'),
    'ram:SpecifiedLegalOrganization': {
      'ram:ID': legal && (legal.scheme === undefined ? legal.id : { '@schemeID': legal.scheme, '#': legal.id }),
      'ram:TradingBusinessName': optional(str(party, 'alias')),
    },
    'ram:DefinedTradeContact': contact && {
      'ram:PersonName': contact.name,
      'ram:TelephoneUniversalCommunication': contact.telephone && { 'ram:CompleteNumber': contact.telephone },
      'ram:EmailURIUniversalCommunication': contact.email && { 'ram:URIID': contact.email },
    },
    'ram:PostalTradeAddress': address && postalAddress(address),
    'ram:URIUniversalCommunication': endpoint && { 'ram:URIID': { '@schemeID': endpoint.scheme, '#': endpoint.id } },
    'ram:SpecifiedTaxRegistration': registrations,
  };
}

/** A VAT category and rate as CII writes them on a line or an allowance (ram:TradeTax). */
function tradeTax(node: JsonObject | undefined): XmlElement {
  const { category, percent } = taxRateOf(node);
  return { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': category, 'ram:RateApplicablePercent': percent };
}

/** A discount or charge as CII's ram:SpecifiedTradeAllowanceCharge; on the document, with its VAT category. */
const allowanceCharge = (read: AllowanceCharge, level: 'document' | 'line'): XmlElement => ({
  'ram:ChargeIndicator': { 'udt:Indicator': read.charge ? 'true' : 'false' },
  'ram:CalculationPercent': read.percent,
  'ram:BasisAmount': read.base,
  'ram:ActualAmount': read.amount,
  'ram:ReasonCode': read.code,
  'ram:Reason': read.reason,
  'ram:CategoryTradeTax': level === 'document' ? tradeTax(read.vat) : undefined,
});

/** A GOBL line as CII's ram:IncludedSupplyChainTradeLineItem. */
function lineItem(line: JsonObject, index: number, faults: Fault[]): XmlElement {
  const item = obj(line, 'item');
  const combo = lineVatOf(line, index, faults);
  const allowances = allowancesAndChargesOf(line, 'line', `$.doc.lines[${index}]`, str(line, 'sum'), faults);
  return {
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': String(line.i ?? index + 1) },
    'ram:SpecifiedTradeProduct': {
      'ram:SellerAssignedID': optional(str(item, 'ref')),
      'ram:Name': str(item, 'name'),
      'ram:Description': optional(str(item, 'description')),
      'ram:OriginTradeCountry': str(item, 'origin') ? { 'ram:ID': str(item, 'origin') } : undefined,
    },
    'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': str(item, 'price') } },
    'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': unitCode(str(item, 'unit')), '#': str(line, 'quantity') } },
    'ram:SpecifiedLineTradeSettlement': {
      'ram:ApplicableTradeTax': tradeTax(combo),
      'ram:SpecifiedTradeAllowanceCharge': allowances.map((read) => allowanceCharge(read, 'line')),
      'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': str(line, 'total') },
    },
  };
}

/** How the document is to be paid: its means (with the payee's account) and its terms (description, due date). */
function payment(doc: JsonObject): { means?: XmlElement; terms?: XmlElement; reference?: string; creditor?: string } {
  const paid = paymentOf(doc);
  const means: XmlElement | undefined =
    paid.meansCode === undefined
      ? undefined
      : {
          'ram:TypeCode': paid.meansCode,
          'ram:ApplicableTradeSettlementFinancialCard': paid.card && { 'ram:ID': paid.card.number, 'ram:CardholderName': paid.card.holder },
          'ram:PayerPartyDebtorFinancialAccount': paid.mandate?.account === undefined ? undefined : { 'ram:IBANID': paid.mandate.account },
          'ram:PayeePartyCreditorFinancialAccount': paid.account && {
            'ram:IBANID': paid.account.iban,
            'ram:AccountName': paid.account.name,
            'ram:ProprietaryID': paid.account.iban ? undefined : paid.account.number,
          },
          'ram:PayeeSpecifiedCreditorFinancialInstitution': paid.account?.bic === undefined ? undefined : { 'ram:BICID': paid.account.bic },
        };
  const terms: XmlElement | undefined =
    paid.termsNote === undefined && paid.dueDate === undefined && paid.mandate?.reference === undefined
      ? undefined
      : {
          'ram:Description': paid.termsNote,
          'ram:DueDateDateTime': paid.dueDate === undefined ? undefined : date(paid.dueDate),
          'ram:DirectDebitMandateID': paid.mandate?.reference,
        };
  return { means, terms, reference: paid.reference, creditor: paid.mandate?.creditor };
}

/**
 * A calculated GOBL invoice (its `doc`) as a UN/CEFACT Cross Industry Invoice (D16B), following EN 16931 and
 * `profile`: the same business terms as UBL (src/formats/en16931/), in CII's elements. A credit note is a
 * CrossIndustryInvoice too, of type 381, with the invoices it corrects as its referenced documents.
 */
export function writeCii(doc: JsonObject, profile: Profile = EN16931_PROFILE): FormatResult {
  const faults = documentFaults(doc);
  const currency = str(doc, 'currency');
  const totals = obj(doc, 'totals');
  const ordering = obj(doc, 'ordering');
  const period = obj(ordering, 'period');
  const lines = objects(doc, 'lines').map((line, i) => lineItem(line, i, faults));
  const allowances = allowancesAndChargesOf(doc, 'document', '$.doc', str(totals, 'sum'), faults).map((read) =>
    allowanceCharge(read, 'document'),
  );
  const taxes = vatBreakdown(doc, faults).map((row) => ({
    'ram:CalculatedAmount': row.amount,
    'ram:TypeCode': 'VAT',
    'ram:ExemptionReason': row.reason,
    'ram:BasisAmount': row.base,
    'ram:CategoryCode': row.category,
    'ram:ExemptionReasonCode': row.reasonCode,
    'ram:RateApplicablePercent': row.percent,
  }));
  faults.push(...profile.faults(doc));
  if (faults.length > 0) return { ok: false, faults };
  const supplier = obj(doc, 'supplier')!;
  const customer = obj(doc, 'customer')!;
  const paid = payment(doc);
  const delivery = obj(doc, 'delivery');
  const deliverTo = deliverToOf(doc);
  const purchase = objects(ordering, 'purchases')[0];
  const contract = objects(ordering, 'contracts')[0];
  const root: XmlElement = {
    '@xmlns:rsm': NAMESPACES.rsm,
    '@xmlns:ram': NAMESPACES.ram,
    '@xmlns:qdt': NAMESPACES.qdt,
    '@xmlns:udt': NAMESPACES.udt,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': profile.profileId && { 'ram:ID': profile.profileId },
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': profile.customizationId },
    },
    'rsm:ExchangedDocument': {
      'ram:ID': invoiceNumber(doc),
      'ram:TypeCode': typeCodeOf(doc),
      'ram:IssueDateTime': date(str(doc, 'issue_date')),
      'ram:IncludedNote': notesOf(doc, profile).map((text) => ({ 'ram:Content': text })),
    },
    'rsm:SupplyChainTradeTransaction': {
      'ram:IncludedSupplyChainTradeLineItem': lines,
      'ram:ApplicableHeaderTradeAgreement': {
        'ram:BuyerReference': optional(str(ordering, 'code')),
        'ram:SellerTradeParty': tradeParty(supplier, 'supplier', profile.endpoint(supplier, 'supplier')),
        'ram:BuyerTradeParty': tradeParty(customer, 'customer', profile.endpoint(customer, 'customer')),
        'ram:BuyerOrderReferencedDocument': purchase && { 'ram:IssuerAssignedID': str(purchase, 'code') },
        'ram:ContractReferencedDocument': contract && { 'ram:IssuerAssignedID': str(contract, 'code') },
      },
      // CII asks for the delivery even when the document says nothing of it: `{}` is written empty.
      'ram:ApplicableHeaderTradeDelivery':
        deliverTo.name || deliverTo.address || str(delivery, 'date')
          ? {
              'ram:ShipToTradeParty': {
                'ram:Name': deliverTo.name,
                'ram:PostalTradeAddress': deliverTo.address && postalAddress(deliverTo.address),
              },
              'ram:ActualDeliverySupplyChainEvent': str(delivery, 'date')
                ? { 'ram:OccurrenceDateTime': date(str(delivery, 'date')) }
                : undefined,
            }
          : {},
      'ram:ApplicableHeaderTradeSettlement': {
        'ram:CreditorReferenceID': paid.creditor,
        'ram:PaymentReference': paid.reference,
        'ram:InvoiceCurrencyCode': currency,
        'ram:SpecifiedTradeSettlementPaymentMeans': paid.means,
        'ram:ApplicableTradeTax': taxes,
        'ram:BillingSpecifiedPeriod': period && {
          'ram:StartDateTime': str(period, 'start') ? date(str(period, 'start')) : undefined,
          'ram:EndDateTime': str(period, 'end') ? date(str(period, 'end')) : undefined,
        },
        'ram:SpecifiedTradeAllowanceCharge': allowances,
        'ram:SpecifiedTradePaymentTerms': paid.terms,
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
          'ram:LineTotalAmount': str(totals, 'sum'),
          'ram:ChargeTotalAmount': optional(str(totals, 'charge')),
          'ram:AllowanceTotalAmount': optional(str(totals, 'discount')),
          'ram:TaxBasisTotalAmount': str(totals, 'total'),
          'ram:TaxTotalAmount': { '@currencyID': currency, '#': str(obj(totals, 'taxes'), 'sum') || '0.00' },
          'ram:RoundingAmount': optional(str(totals, 'rounding')),
          'ram:GrandTotalAmount': str(totals, 'total_with_tax'),
          'ram:TotalPrepaidAmount': optional(str(totals, 'advance')),
          'ram:DuePayableAmount': str(totals, 'due') || str(totals, 'payable'),
        },
        'ram:InvoiceReferencedDocument': objects(doc, 'preceding').map((preceding) => ({
          'ram:IssuerAssignedID': invoiceNumber(preceding),
          'ram:FormattedIssueDateTime': str(preceding, 'issue_date') ? date(str(preceding, 'issue_date'), 'qdt') : undefined,
        })),
      },
    },
  };
  return { ok: true, text: xmlText('rsm:CrossIndustryInvoice', root) };
}
