import Decimal from 'decimal.js';
import { NAMESPACES as CII } from '../../src/formats/cii/cii-document';
import { NAMESPACES as UBL } from '../../src/formats/ubl/ubl-document';
import { parseXml, XmlReader, type XmlElementNode } from '../../src/formats/xml-read';

/**
 * The business terms of a UBL or CII e-invoice that two writers of the same GOBL invoice must agree on, read from the
 * XML itself by namespace (never by prefix): numbers as decimals (`21.0` and `21` are one rate), absent as undefined.
 */
export interface PartyValues {
  name?: string;
  vatId?: string;
  country?: string;
}

export interface LineValues {
  net?: string;
  quantity?: string;
  unit?: string;
  category?: string;
  rate?: string;
}

export interface VatRow {
  category?: string;
  rate?: string;
  taxable?: string;
  tax?: string;
}

export interface InvoiceValues {
  id?: string;
  typeCode?: string;
  issueDate?: string;
  currency?: string;
  totals: { lines?: string; taxExclusive?: string; tax?: string; taxInclusive?: string; payable?: string };
  vat: VatRow[];
  supplier: PartyValues;
  customer: PartyValues;
  lines: LineValues[];
  paymentMeans: string[];
}

/** A number as a decimal's shortest text; text that is no number is kept as it is, so that it shows in a diff. */
const num = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  try {
    return new Decimal(value).toString();
  } catch {
    return value;
  }
};

const ubl = new XmlReader({ cac: UBL.cac, cbc: UBL.cbc });

function ublParty(party: XmlElementNode | undefined): PartyValues {
  const vat = ubl.all(party, 'cac:PartyTaxScheme').find((scheme) => ubl.text(scheme, 'cac:TaxScheme/cbc:ID') === 'VAT');
  return {
    // The legal name (BT-27, BT-44); the trading name only where there is none.
    name: ubl.text(party, 'cac:PartyLegalEntity/cbc:RegistrationName') ?? ubl.text(party, 'cac:PartyName/cbc:Name'),
    vatId: ubl.text(vat, 'cbc:CompanyID'),
    country: ubl.text(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'),
  };
}

function ublValues(root: XmlElementNode): InvoiceValues {
  const credit = root.localName === 'CreditNote';
  const totals = ubl.one(root, 'cac:LegalMonetaryTotal');
  const currency = ubl.text(root, 'cbc:DocumentCurrencyCode');
  // The tax total in the document's currency (BT-110); a second one may be in the VAT accounting currency (BT-111).
  const taxTotal = ubl.all(root, 'cac:TaxTotal').find((total) => ubl.attribute(total, 'cbc:TaxAmount', 'currencyID') === currency);
  const lineTag = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityTag = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  return {
    id: ubl.text(root, 'cbc:ID'),
    typeCode: ubl.text(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'),
    issueDate: ubl.text(root, 'cbc:IssueDate'),
    currency,
    totals: {
      lines: num(ubl.text(totals, 'cbc:LineExtensionAmount')),
      taxExclusive: num(ubl.text(totals, 'cbc:TaxExclusiveAmount')),
      tax: num(ubl.text(taxTotal, 'cbc:TaxAmount')),
      taxInclusive: num(ubl.text(totals, 'cbc:TaxInclusiveAmount')),
      payable: num(ubl.text(totals, 'cbc:PayableAmount')),
    },
    vat: ubl.all(taxTotal, 'cac:TaxSubtotal').map((row) => ({
      category: ubl.text(row, 'cac:TaxCategory/cbc:ID'),
      rate: num(ubl.text(row, 'cac:TaxCategory/cbc:Percent')),
      taxable: num(ubl.text(row, 'cbc:TaxableAmount')),
      tax: num(ubl.text(row, 'cbc:TaxAmount')),
    })),
    supplier: ublParty(ubl.one(root, 'cac:AccountingSupplierParty/cac:Party')),
    customer: ublParty(ubl.one(root, 'cac:AccountingCustomerParty/cac:Party')),
    lines: ubl.all(root, lineTag).map((line) => ({
      net: num(ubl.text(line, 'cbc:LineExtensionAmount')),
      quantity: num(ubl.text(line, quantityTag)),
      unit: ubl.attribute(line, quantityTag, 'unitCode'),
      category: ubl.text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'),
      rate: num(ubl.text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent')),
    })),
    paymentMeans: ubl.all(root, 'cac:PaymentMeans').map((means) => ubl.text(means, 'cbc:PaymentMeansCode') ?? ''),
  };
}

const cii = new XmlReader({ rsm: CII.rsm, ram: CII.ram, udt: CII.udt });

/** A CII date (format 102, YYYYMMDD) as ISO 8601. */
const isoDate = (value: string | undefined): string | undefined => value?.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

function ciiParty(party: XmlElementNode | undefined): PartyValues {
  const vat = cii.all(party, 'ram:SpecifiedTaxRegistration/ram:ID').find((id) => id.getAttribute('schemeID') === 'VA');
  return {
    name: cii.text(party, 'ram:Name'),
    vatId: vat?.textContent?.trim() || undefined,
    country: cii.text(party, 'ram:PostalTradeAddress/ram:CountryID'),
  };
}

function ciiValues(root: XmlElementNode): InvoiceValues {
  const transaction = cii.one(root, 'rsm:SupplyChainTradeTransaction');
  const agreement = cii.one(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = cii.one(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const totals = cii.one(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = cii.text(settlement, 'ram:InvoiceCurrencyCode');
  // The tax total in the document's currency (BT-110), told by its currency from one in the accounting currency.
  const taxTotal = cii.all(totals, 'ram:TaxTotalAmount').find((total) => total.getAttribute('currencyID') === currency);
  return {
    id: cii.text(root, 'rsm:ExchangedDocument/ram:ID'),
    typeCode: cii.text(root, 'rsm:ExchangedDocument/ram:TypeCode'),
    issueDate: isoDate(cii.text(root, 'rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString')),
    currency,
    totals: {
      lines: num(cii.text(totals, 'ram:LineTotalAmount')),
      taxExclusive: num(cii.text(totals, 'ram:TaxBasisTotalAmount')),
      tax: num(taxTotal?.textContent?.trim()),
      taxInclusive: num(cii.text(totals, 'ram:GrandTotalAmount')),
      payable: num(cii.text(totals, 'ram:DuePayableAmount')),
    },
    vat: cii.all(settlement, 'ram:ApplicableTradeTax').map((row) => ({
      category: cii.text(row, 'ram:CategoryCode'),
      rate: num(cii.text(row, 'ram:RateApplicablePercent')),
      taxable: num(cii.text(row, 'ram:BasisAmount')),
      tax: num(cii.text(row, 'ram:CalculatedAmount')),
    })),
    supplier: ciiParty(cii.one(agreement, 'ram:SellerTradeParty')),
    customer: ciiParty(cii.one(agreement, 'ram:BuyerTradeParty')),
    lines: cii.all(transaction, 'ram:IncludedSupplyChainTradeLineItem').map((line) => ({
      net: num(cii.text(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')),
      quantity: num(cii.text(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity')),
      unit: cii.attribute(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity', 'unitCode'),
      category: cii.text(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode'),
      rate: num(cii.text(line, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent')),
    })),
    paymentMeans: cii.all(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans').map((means) => cii.text(means, 'ram:TypeCode') ?? ''),
  };
}

/** The values of a UBL Invoice or CreditNote, or of a CII CrossIndustryInvoice, told by its root element. */
export function einvoiceValues(xml: string): InvoiceValues {
  const root = parseXml(xml);
  if (root.namespaceURI === UBL.invoice || root.namespaceURI === UBL.creditNote) return ublValues(root);
  if (root.namespaceURI === CII.rsm && root.localName === 'CrossIndustryInvoice') return ciiValues(root);
  throw new Error(`not a UBL or CII invoice: ${root.localName} in ${String(root.namespaceURI)}`);
}
