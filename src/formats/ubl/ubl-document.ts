import type { JsonObject } from '../../document';
import { obj, objects, str } from '../../document/rules/values';
import type { FormatResult } from '../format-result';
import { EN16931_PROFILE, notesOf, type Profile } from '../profile';
import {
  allowancesAndChargesOf,
  deliverToOf,
  documentFaults,
  invoiceNumber,
  isCreditNote,
  paymentOf,
  typeCodeOf,
} from '../en16931/semantics';
import { optional, xmlText, type XmlElement } from '../xml-tree';
import { ublAllowanceCharge } from './ubl-allowances';
import { ublLine } from './ubl-lines';
import { postalAddress, ublParty } from './ubl-party';
import { money, taxTotal } from './ubl-taxes';

export const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

/** The specification a document follows (BT-24), its business process (BT-23) and its rules: a CIUS sets its own. */
export type UblProfile = Profile;
export { EN16931_PROFILE };

/** How the document is to be paid: its means (with the payee's account), and its terms. */
function payment(doc: JsonObject, credit: boolean): { means?: XmlElement; terms?: XmlElement; dueDate?: string; creditor?: string } {
  const paid = paymentOf(doc);
  const means: XmlElement | undefined =
    paid.meansCode === undefined
      ? undefined
      : {
          'cbc:PaymentMeansCode': paid.meansCode,
          // A credit note has no header due date in UBL 2.1: EN 16931 puts it here (BT-9).
          'cbc:PaymentDueDate': credit ? paid.dueDate : undefined,
          'cbc:PaymentID': paid.reference,
          // UBL asks for the card's network, which EN 16931 does not have: not applicable.
          'cac:CardAccount': paid.card && {
            'cbc:PrimaryAccountNumberID': paid.card.number,
            'cbc:NetworkID': 'NA',
            'cbc:HolderName': paid.card.holder,
          },
          'cac:PayeeFinancialAccount': paid.account && {
            'cbc:ID': paid.account.iban ?? paid.account.number ?? '',
            'cbc:Name': paid.account.name,
            'cac:FinancialInstitutionBranch': paid.account.bic === undefined ? undefined : { 'cbc:ID': paid.account.bic },
          },
          'cac:PaymentMandate': paid.mandate && {
            'cbc:ID': paid.mandate.reference,
            'cac:PayerFinancialAccount': paid.mandate.account === undefined ? undefined : { 'cbc:ID': paid.mandate.account },
          },
        };
  const terms = paid.termsNote === undefined ? undefined : { 'cbc:Note': paid.termsNote };
  return { means, terms, dueDate: paid.dueDate, creditor: paid.mandate?.creditor };
}

/** The invoices a corrective or credit note amends (BG-3), from its `preceding`. */
const billingReferences = (doc: JsonObject): XmlElement[] =>
  objects(doc, 'preceding').map((preceding) => ({
    'cac:InvoiceDocumentReference': { 'cbc:ID': invoiceNumber(preceding), 'cbc:IssueDate': optional(str(preceding, 'issue_date')) },
  }));

/**
 * A calculated GOBL invoice (its `doc`) as a UBL 2.1 Invoice or, for a credit note, a CreditNote, following EN 16931
 * and `profile`. Amounts, rates and codes are GOBL's (the addon eu-en16931-v2017 sets the codes); the faults list
 * what EN 16931 needs that the document does not say.
 */
export function writeUbl(doc: JsonObject, profile: UblProfile = EN16931_PROFILE): FormatResult {
  const faults = documentFaults(doc);
  const currency = str(doc, 'currency');
  const typeCode = typeCodeOf(doc);
  const credit = isCreditNote(doc);
  const totals = obj(doc, 'totals');
  const ordering = obj(doc, 'ordering');
  const period = obj(ordering, 'period');
  const paid = payment(doc, credit);
  const lines = objects(doc, 'lines').map((line, i) => ublLine(line, i, credit, currency, faults));
  const allowances = allowancesAndChargesOf(doc, 'document', '$.doc', str(totals, 'sum'), faults).map((read) =>
    ublAllowanceCharge(read, 'document', currency),
  );
  const tax = taxTotal(doc, currency, faults);
  faults.push(...profile.faults(doc));
  if (faults.length > 0) return { ok: false, faults };
  const supplier = obj(doc, 'supplier')!;
  const customer = obj(doc, 'customer')!;
  const delivery = obj(doc, 'delivery');
  const deliverTo = deliverToOf(doc);
  const root: XmlElement = {
    '@xmlns': credit ? NAMESPACES.creditNote : NAMESPACES.invoice,
    '@xmlns:cac': NAMESPACES.cac,
    '@xmlns:cbc': NAMESPACES.cbc,
    'cbc:CustomizationID': profile.customizationId,
    'cbc:ProfileID': profile.profileId,
    'cbc:ID': invoiceNumber(doc),
    'cbc:IssueDate': str(doc, 'issue_date'),
    'cbc:DueDate': credit ? undefined : paid.dueDate,
    [credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: typeCode,
    'cbc:Note': notesOf(doc, profile),
    'cbc:DocumentCurrencyCode': currency,
    'cbc:BuyerReference': optional(str(ordering, 'code')),
    'cac:InvoicePeriod': period && { 'cbc:StartDate': optional(str(period, 'start')), 'cbc:EndDate': optional(str(period, 'end')) },
    'cac:OrderReference': objects(ordering, 'purchases')[0] && { 'cbc:ID': str(objects(ordering, 'purchases')[0], 'code') },
    'cac:BillingReference': billingReferences(doc),
    'cac:ContractDocumentReference': objects(ordering, 'contracts')[0] && { 'cbc:ID': str(objects(ordering, 'contracts')[0], 'code') },
    // The creditor's identifier of a direct debit (BT-90) is the seller's, under the scheme SEPA.
    'cac:AccountingSupplierParty': { 'cac:Party': ublParty(supplier, 'supplier', profile.endpoint(supplier, 'supplier'), paid.creditor) },
    'cac:AccountingCustomerParty': { 'cac:Party': ublParty(customer, 'customer', profile.endpoint(customer, 'customer')) },
    'cac:Delivery': {
      'cbc:ActualDeliveryDate': optional(str(delivery, 'date')),
      'cac:DeliveryLocation': deliverTo.address && { 'cac:Address': postalAddress(deliverTo.address) },
      'cac:DeliveryParty': deliverTo.name && { 'cac:PartyName': { 'cbc:Name': deliverTo.name } },
    },
    'cac:PaymentMeans': paid.means,
    'cac:PaymentTerms': paid.terms,
    'cac:AllowanceCharge': allowances,
    'cac:TaxTotal': tax,
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': money(str(totals, 'sum'), currency),
      'cbc:TaxExclusiveAmount': money(str(totals, 'total'), currency),
      'cbc:TaxInclusiveAmount': money(str(totals, 'total_with_tax'), currency),
      'cbc:AllowanceTotalAmount': str(totals, 'discount') ? money(str(totals, 'discount'), currency) : undefined,
      'cbc:ChargeTotalAmount': str(totals, 'charge') ? money(str(totals, 'charge'), currency) : undefined,
      'cbc:PrepaidAmount': str(totals, 'advance') ? money(str(totals, 'advance'), currency) : undefined,
      'cbc:PayableRoundingAmount': str(totals, 'rounding') ? money(str(totals, 'rounding'), currency) : undefined,
      'cbc:PayableAmount': money(str(totals, 'due') || str(totals, 'payable'), currency),
    },
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: lines,
  };
  return { ok: true, text: xmlText(credit ? 'CreditNote' : 'Invoice', root) };
}
