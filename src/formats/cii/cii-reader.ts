import { readInvoice } from '../en16931/read-invoice';
import type { ReadInvoice, ReadPaymentMeans, ReadReference } from '../en16931/read-terms';
import { TAX_POINT_CII } from '../en16931/reverse-codes';
import { ReadCursor } from '../read-cursor';
import type { ReadResult, StatedTotals } from '../reading';
import { XmlReader, type XmlElementNode } from '../xml-read';
import { NAMESPACES } from './cii-document';
import { ciiLine } from './cii-read-lines';
import { ciiAddress, ciiAllowanceCharge, ciiDate, ciiId, ciiParty } from './cii-read-party';

/**
 * A received UN/CEFACT Cross Industry Invoice (D16B) of EN 16931 or a CIUS of it (XRechnung, Factur-X and ZUGFeRD's
 * EN 16931 profile) read as a GOBL invoice: this file only finds each business term in CII's elements; what the
 * terms mean in GOBL is en16931/read-invoice.ts's, the same for UBL.
 */

const READER = new XmlReader(NAMESPACES);
const ROOT = 'rsm:CrossIndustryInvoice';

/** The type codes of additional referenced documents: a tender or lot (BT-17), an invoiced object (BT-18). */
const TENDER = '50';
const INVOICED_OBJECT = '130';

function paymentMeans(means: ReadCursor): ReadPaymentMeans {
  const account = means.one('ram:PayeePartyCreditorFinancialAccount');
  const iban = account?.text('ram:IBANID');
  const id = iban ?? account?.text('ram:ProprietaryID');
  const card = means.one('ram:ApplicableTradeSettlementFinancialCard');
  return {
    code: means.text('ram:TypeCode'),
    text: means.text('ram:Information'),
    accounts:
      id === undefined
        ? []
        : [
            {
              id,
              iban: iban !== undefined,
              name: account?.text('ram:AccountName'),
              bic: means.text('ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID'),
            },
          ],
    card: card && { number: card.text('ram:ID'), holder: card.text('ram:CardholderName') },
    debitedAccount: means.text('ram:PayerPartyDebtorFinancialAccount/ram:IBANID'),
  };
}

/** The document totals (BG-22): the VAT total is the one in the document's currency (BT-110, not BT-111). */
function statedTotals(settlement: ReadCursor | undefined, currency: string | undefined): StatedTotals {
  const sums = settlement?.one('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const taxes = sums?.all('ram:TaxTotalAmount') ?? [];
  const tax = taxes.find((amount) => (amount.attribute(undefined, 'currencyID') ?? currency) === currency) ?? taxes[0];
  return {
    sum: sums?.decimal('ram:LineTotalAmount'),
    discount: sums?.decimal('ram:AllowanceTotalAmount'),
    charge: sums?.decimal('ram:ChargeTotalAmount'),
    total: sums?.decimal('ram:TaxBasisTotalAmount'),
    tax: tax?.decimal(),
    totalWithTax: sums?.decimal('ram:GrandTotalAmount'),
    advances: sums?.decimal('ram:TotalPrepaidAmount'),
    rounding: sums?.decimal('ram:RoundingAmount'),
    payable: sums?.decimal('ram:DuePayableAmount'),
  };
}

/** The ids of the referenced documents at `path`. */
const issued = (from: ReadCursor | undefined, path: string): string[] =>
  (from?.all(path) ?? []).flatMap((ref) => ref.texts('ram:IssuerAssignedID'));

/** Every business term of the document, found in CII's elements. */
function terms(doc: ReadCursor): ReadInvoice {
  const context = doc.one('rsm:ExchangedDocumentContext');
  const header = doc.one('rsm:ExchangedDocument');
  const transaction = doc.one('rsm:SupplyChainTradeTransaction');
  const agreement = transaction?.one('ram:ApplicableHeaderTradeAgreement');
  const delivery = transaction?.one('ram:ApplicableHeaderTradeDelivery');
  const settlement = transaction?.one('ram:ApplicableHeaderTradeSettlement');
  const currency = settlement?.text('ram:InvoiceCurrencyCode');
  const taxes = settlement?.all('ram:ApplicableTradeTax') ?? [];
  const paymentTerms = settlement?.all('ram:SpecifiedTradePaymentTerms') ?? [];
  const additional = agreement?.all('ram:AdditionalReferencedDocument') ?? [];
  const shipTo = delivery?.one('ram:ShipToTradeParty');
  const period = settlement?.one('ram:BillingSpecifiedPeriod');
  const taxPointDate = taxes.map((tax) => tax.date('ram:TaxPointDate/udt:DateString', ciiDate)).find((date) => date !== undefined);
  const deliveryDate = delivery?.date('ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString', ciiDate);
  return {
    customizationId: context?.text('ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    profileId: context?.text('ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID'),
    number: header?.text('ram:ID'),
    issueDate: header?.date('ram:IssueDateTime/udt:DateTimeString', ciiDate),
    typeCode: header?.text('ram:TypeCode'),
    currency,
    taxPointDate,
    taxPoint: TAX_POINT_CII[taxes.map((tax) => tax.text('ram:DueDateTypeCode')).find((code) => code !== undefined) ?? ''],
    dueDates: paymentTerms.flatMap((t) => t.date('ram:DueDateDateTime/udt:DateTimeString', ciiDate) ?? []),
    buyerReference: agreement?.text('ram:BuyerReference'),
    projects: (agreement?.all('ram:SpecifiedProcuringProject') ?? []).flatMap((project): ReadReference[] => {
      const id = project.text('ram:ID');
      return id === undefined ? [] : [{ id, name: project.text('ram:Name') }];
    }),
    contracts: issued(agreement, 'ram:ContractReferencedDocument'),
    purchaseOrder: issued(agreement, 'ram:BuyerOrderReferencedDocument')[0],
    salesOrder: issued(agreement, 'ram:SellerOrderReferencedDocument')[0],
    receivingAdvices: issued(delivery, 'ram:ReceivingAdviceReferencedDocument'),
    despatchAdvices: issued(delivery, 'ram:DespatchAdviceReferencedDocument'),
    tenders: additional.filter((ref) => ref.text('ram:TypeCode') === TENDER).flatMap((ref) => ref.texts('ram:IssuerAssignedID')),
    invoicedObjects: additional
      .filter((ref) => ref.text('ram:TypeCode') === INVOICED_OBJECT)
      .flatMap((ref) => {
        const id = ref.text('ram:IssuerAssignedID');
        return id === undefined ? [] : [{ id, scheme: ref.text('ram:ReferenceTypeCode') }];
      }),
    accountingCost: settlement?.text('ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID'),
    notes: (header?.all('ram:IncludedNote') ?? []).flatMap((note) => {
      const text = note.text('ram:Content');
      return text === undefined ? [] : [{ subject: note.text('ram:SubjectCode'), text }];
    }),
    preceding: (settlement?.all('ram:InvoiceReferencedDocument') ?? []).flatMap((ref) => {
      const id = ref.text('ram:IssuerAssignedID');
      return id === undefined ? [] : [{ id, date: ref.date('ram:FormattedIssueDateTime/qdt:DateTimeString', ciiDate) }];
    }),
    seller: ciiParty(agreement?.one('ram:SellerTradeParty')),
    buyer: ciiParty(agreement?.one('ram:BuyerTradeParty')),
    payee: ciiParty(settlement?.one('ram:PayeeTradeParty')),
    delivery:
      (shipTo ?? deliveryDate) === undefined
        ? undefined
        : {
            party: shipTo && { name: shipTo.text('ram:Name'), identifiers: [], address: ciiAddress(shipTo.one('ram:PostalTradeAddress')) },
            location: ciiId(shipTo, 'ram:GlobalID') ?? ciiId(shipTo, 'ram:ID'),
            date: deliveryDate,
          },
    period: period && {
      start: period.date('ram:StartDateTime/udt:DateTimeString', ciiDate),
      end: period.date('ram:EndDateTime/udt:DateTimeString', ciiDate),
    },
    paymentMeans: (settlement?.all('ram:SpecifiedTradeSettlementPaymentMeans') ?? []).map(paymentMeans),
    remittance: settlement?.text('ram:PaymentReference'),
    mandate: paymentTerms.map((t) => t.text('ram:DirectDebitMandateID')).find((id) => id !== undefined),
    creditorId: settlement?.text('ram:CreditorReferenceID'),
    paymentTerms: paymentTerms.flatMap((t) => t.texts('ram:Description')),
    allowancesCharges: (settlement?.all('ram:SpecifiedTradeAllowanceCharge') ?? []).map(ciiAllowanceCharge),
    vatBreakdown: taxes.map((tax) => ({
      category: tax.text('ram:CategoryCode'),
      percent: tax.decimal('ram:RateApplicablePercent'),
      exemptionCode: tax.text('ram:ExemptionReasonCode'),
      exemptionReason: tax.text('ram:ExemptionReason'),
    })),
    totals: statedTotals(settlement, currency),
    lines: (transaction?.all('ram:IncludedSupplyChainTradeLineItem') ?? []).map(ciiLine),
  };
}

/** A received CrossIndustryInvoice (its root element) as a GOBL invoice with its stated totals, or why it cannot be read. */
export function readCii(root: XmlElementNode): ReadResult {
  if (root.namespaceURI !== NAMESPACES.rsm || root.localName !== 'CrossIndustryInvoice') {
    const found = `${root.namespaceURI ?? ''}:${root.localName}`;
    return {
      ok: false,
      faults: [{ code: 'read-root', message: `not a CII D16B CrossIndustryInvoice: ${found}`, paths: [`/${root.localName}`] }],
    };
  }
  const doc = ReadCursor.root(root, ROOT, READER);
  const read = terms(doc);
  const transaction = 'rsm:SupplyChainTradeTransaction';
  return readInvoice(
    read,
    {
      number: doc.pathOf('rsm:ExchangedDocument/ram:ID'),
      issueDate: doc.pathOf('rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString'),
      currency: doc.pathOf(`${transaction}/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode`),
      sellerName: doc.pathOf(`${transaction}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name`),
      lines: doc.pathOf(`${transaction}/ram:IncludedSupplyChainTradeLineItem`),
    },
    doc.faults,
  );
}
