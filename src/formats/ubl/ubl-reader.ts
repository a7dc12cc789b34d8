import { readInvoice } from '../en16931/read-invoice';
import type { ReadInvoice, ReadPaymentMeans } from '../en16931/read-terms';
import { TAX_POINT_UBL } from '../en16931/reverse-codes';
import { ReadCursor } from '../read-cursor';
import type { ReadResult, StatedTotals } from '../reading';
import { XmlReader, type XmlElementNode } from '../xml-read';
import { NAMESPACES } from './ubl-document';
import { ublLine } from './ubl-read-lines';
import { ublAddress, ublAllowanceCharge, ublDate, ublId, ublParty, sepaCreditor } from './ubl-read-party';

/**
 * A received UBL 2.1 Invoice or CreditNote, of EN 16931 or any of its CIUS (Peppol BIS, XRechnung), read as a GOBL
 * invoice: this file only finds each business term in UBL's elements; what the terms mean in GOBL is
 * en16931/read-invoice.ts's, the same for CII.
 */

const READER = new XmlReader({ cac: NAMESPACES.cac, cbc: NAMESPACES.cbc });

/** UBL's two document roots, by their namespace. */
const ROOTS: Record<string, string> = { [NAMESPACES.invoice]: 'Invoice', [NAMESPACES.creditNote]: 'CreditNote' };

/** Strings that look like an IBAN (a country, two check digits, the account), spaces aside: UBL does not say. */
const isIban = (id: string): boolean => /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(id.replace(/\s+/g, '').toUpperCase());

/** A subject code written before a note's text, as Peppol and XRechnung do (`#AAI#text`): UBL has no place for it. */
function note(text: string): { subject?: string; text: string } {
  const coded = /^#([A-Z0-9]{1,3})#([\s\S]*)$/.exec(text);
  return coded ? { subject: coded[1], text: coded[2].trim() } : { text };
}

function paymentMeans(means: ReadCursor): ReadPaymentMeans {
  const card = means.one('cac:CardAccount');
  return {
    code: means.text('cbc:PaymentMeansCode'),
    text: means.attribute('cbc:PaymentMeansCode', 'name'),
    accounts: means.all('cac:PayeeFinancialAccount').flatMap((account) => {
      const id = account.text('cbc:ID');
      if (id === undefined) return [];
      return [{ id, iban: isIban(id), name: account.text('cbc:Name'), bic: account.text('cac:FinancialInstitutionBranch/cbc:ID') }];
    }),
    card: card && { number: card.text('cbc:PrimaryAccountNumberID'), holder: card.text('cbc:HolderName') },
    debitedAccount: means.text('cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID'),
  };
}

/** The document totals (BG-22): the VAT total is the one in the document's currency (BT-110, not BT-111). */
function statedTotals(doc: ReadCursor, currency: string | undefined): StatedTotals {
  const totals = doc.one('cac:LegalMonetaryTotal');
  const taxTotals = doc.all('cac:TaxTotal');
  const taxTotal = taxTotals.find((total) => total.attribute('cbc:TaxAmount', 'currencyID') === currency) ?? taxTotals[0];
  return {
    sum: totals?.decimal('cbc:LineExtensionAmount'),
    discount: totals?.decimal('cbc:AllowanceTotalAmount'),
    charge: totals?.decimal('cbc:ChargeTotalAmount'),
    total: totals?.decimal('cbc:TaxExclusiveAmount'),
    tax: taxTotal?.decimal('cbc:TaxAmount'),
    totalWithTax: totals?.decimal('cbc:TaxInclusiveAmount'),
    advances: totals?.decimal('cbc:PrepaidAmount'),
    rounding: totals?.decimal('cbc:PayableRoundingAmount'),
    payable: totals?.decimal('cbc:PayableAmount'),
  };
}

/** Every business term of the document, found in UBL's elements. */
function terms(doc: ReadCursor, credit: boolean): ReadInvoice {
  const currency = doc.text('cbc:DocumentCurrencyCode');
  const seller = doc.one('cac:AccountingSupplierParty/cac:Party');
  const payee = doc.one('cac:PayeeParty');
  const delivery = doc.one('cac:Delivery');
  const means = doc.all('cac:PaymentMeans');
  const period = doc.one('cac:InvoicePeriod');
  const order = doc.one('cac:OrderReference');
  const additional = doc.all('cac:AdditionalDocumentReference');
  const ids = (path: string) => doc.all(path).flatMap((reference) => reference.texts('cbc:ID'));
  const mandate = means.map((m) => m.text('cac:PaymentMandate/cbc:ID')).find((id) => id !== undefined);
  return {
    customizationId: doc.text('cbc:CustomizationID'),
    profileId: doc.text('cbc:ProfileID'),
    number: doc.text('cbc:ID'),
    issueDate: doc.date('cbc:IssueDate', ublDate),
    typeCode: doc.text(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'),
    currency,
    taxPointDate: doc.date('cbc:TaxPointDate', ublDate),
    taxPoint: TAX_POINT_UBL[period?.text('cbc:DescriptionCode') ?? ''],
    // A credit note has no header due date in UBL 2.1: EN 16931 puts it in the payment means.
    dueDates: [doc.date('cbc:DueDate', ublDate) ?? means.map((m) => m.date('cbc:PaymentDueDate', ublDate)).find((date) => date)].filter(
      (date): date is string => date !== undefined,
    ),
    buyerReference: doc.text('cbc:BuyerReference'),
    projects: ids('cac:ProjectReference').map((id) => ({ id })),
    contracts: ids('cac:ContractDocumentReference'),
    purchaseOrder: order?.text('cbc:ID'),
    salesOrder: order?.text('cbc:SalesOrderID'),
    receivingAdvices: ids('cac:ReceiptDocumentReference'),
    despatchAdvices: ids('cac:DespatchDocumentReference'),
    tenders: ids('cac:OriginatorDocumentReference'),
    // An additional document of type 130 is the object the invoice is for (BT-18); the others are attachments (BG-24).
    invoicedObjects: additional.filter((ref) => ref.text('cbc:DocumentTypeCode') === '130').flatMap((ref) => ublId(ref, 'cbc:ID') ?? []),
    accountingCost: doc.text('cbc:AccountingCost'),
    notes: doc.texts('cbc:Note').map(note),
    preceding: doc.all('cac:BillingReference/cac:InvoiceDocumentReference').flatMap((ref) => {
      const id = ref.text('cbc:ID');
      return id === undefined ? [] : [{ id, date: ref.date('cbc:IssueDate', ublDate) }];
    }),
    seller: ublParty(seller),
    buyer: ublParty(doc.one('cac:AccountingCustomerParty/cac:Party')),
    payee: ublParty(payee),
    delivery: delivery && {
      party:
        delivery.one('cac:DeliveryParty') || delivery.one('cac:DeliveryLocation/cac:Address')
          ? {
              name: delivery.text('cac:DeliveryParty/cac:PartyName/cbc:Name'),
              identifiers: [],
              address: ublAddress(delivery.one('cac:DeliveryLocation/cac:Address')),
            }
          : undefined,
      location: ublId(delivery, 'cac:DeliveryLocation/cbc:ID'),
      date: delivery.date('cbc:ActualDeliveryDate', ublDate),
    },
    period: period && { start: period.date('cbc:StartDate', ublDate), end: period.date('cbc:EndDate', ublDate) },
    paymentMeans: means.map(paymentMeans),
    remittance: means.map((m) => m.text('cbc:PaymentID')).find((id) => id !== undefined),
    mandate,
    creditorId: sepaCreditor(seller) ?? sepaCreditor(payee),
    paymentTerms: doc.all('cac:PaymentTerms').flatMap((t) => t.texts('cbc:Note')),
    allowancesCharges: doc.all('cac:AllowanceCharge').map(ublAllowanceCharge),
    vatBreakdown: doc.all('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').map((category) => ({
      category: category.text('cbc:ID'),
      percent: category.decimal('cbc:Percent'),
      exemptionCode: category.text('cbc:TaxExemptionReasonCode'),
      exemptionReason: category.text('cbc:TaxExemptionReason'),
    })),
    totals: statedTotals(doc, currency),
    lines: doc.all(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine').map(ublLine),
  };
}

/** A received UBL Invoice or CreditNote (its root element) as a GOBL invoice with its stated totals, or why it cannot be read. */
export function readUbl(root: XmlElementNode): ReadResult {
  const name = root.namespaceURI ? ROOTS[root.namespaceURI] : undefined;
  if (name === undefined || name !== root.localName) {
    const found = `${root.namespaceURI ?? ''}:${root.localName}`;
    return {
      ok: false,
      faults: [{ code: 'read-root', message: `not a UBL 2.1 Invoice or CreditNote: ${found}`, paths: [`/${root.localName}`] }],
    };
  }
  const doc = ReadCursor.root(root, name, READER);
  const credit = name === 'CreditNote';
  const read = terms(doc, credit);
  const lines = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  return readInvoice(
    read,
    {
      number: doc.pathOf('cbc:ID'),
      issueDate: doc.pathOf('cbc:IssueDate'),
      currency: doc.pathOf('cbc:DocumentCurrencyCode'),
      sellerName: doc.pathOf('cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
      lines: doc.pathOf(lines),
    },
    doc.faults,
  );
}
