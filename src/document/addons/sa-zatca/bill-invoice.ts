import type { Fault, JsonObject } from '../../base/types';
import { CEF_VATEX_NAMES } from '../../catalogues/cef-vatex-names';
import { ZATCA_INVOICE_TYPES } from './def';
import { UNTDID, VATEX } from '../eu-en16931';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, extMap, getExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { parseZatcaInvoiceType, ZATCA_INVOICE_TYPE, zatcaInvoiceTypeCode } from './invoice-type';
import { hasVatReason } from './tax-combo';

/** Zero, exempt and out-of-scope VAT lines each need a tax note; one is added per category code lacking one. */
function addExemptionNotes(doc: JsonObject, tax: JsonObject): void {
  for (const line of objects(doc, 'lines')) {
    const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
    const reason = getExt(vat, VATEX);
    const name = CEF_VATEX_NAMES[reason];
    const category = getExt(vat, UNTDID.taxCategory);
    if (!vat || !name || category === '') continue;
    const notes = Array.isArray(tax.notes) ? tax.notes : [];
    if (notes.some((n) => isObject(n) && str(n, 'cat') === 'VAT' && getExt(n, UNTDID.taxCategory) === category)) continue;
    const note: JsonObject = { cat: 'VAT' };
    if (str(vat, 'key') !== '') note.key = str(vat, 'key');
    note.text = name;
    note.ext = { [UNTDID.taxCategory]: category };
    tax.notes = [...notes, note];
  }
}

export function normalizeZatcaInvoice(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  tax.rounding = 'currency';
  // A zero time is replaced with the current moment when the invoice is calculated.
  if (doc.issue_time === undefined || doc.issue_time === null) doc.issue_time = '00:00:00';
  if (getExt(tax, ZATCA_INVOICE_TYPE) === '') {
    const code = zatcaInvoiceTypeCode({
      simplified: hasTag(doc, 'simplified'),
      thirdParty: hasTag(doc, 'third-party'),
      nominal: hasTag(doc, 'nominal'),
      export: hasTag(doc, 'export'),
      summary: hasTag(doc, 'summary'),
      selfBilled: hasTag(doc, 'self-billed'),
    });
    setExt(tax, ZATCA_INVOICE_TYPE, code);
  }
  addExemptionNotes(doc, tax);
}

const fi = faultMaker('GOBL-SA-ZATCA-BILL-INVOICE');

const CUSTOMER_SCHEMES = ['TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH'];
const SUPPLIER_SCHEMES = ['CRN', 'MOM', 'MLS', '700', 'SAG', 'OTH'];

/** Exactly one identity, of one of the given types. */
function oneIdentityOf(party: JsonObject | undefined, types: string[]): boolean {
  const ids = objects(party, 'identities');
  return ids.length === 1 && types.includes(str(ids[0], 'type'));
}

function taxIdFaults(party: JsonObject | undefined, at: string, codes: [string, string], who: string): Fault[] {
  const taxId = party?.tax_id;
  if (!isObject(taxId)) return [fi(codes[0], `the ${who} needs a tax ID`, `${at}.tax_id`)];
  return present(taxId, 'code') ? [] : [fi(codes[1], `the ${who} tax ID needs a code`, `${at}.tax_id.code`)];
}

export function validateZatcaInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const type = parseZatcaInvoiceType(docTaxExt(doc, ZATCA_INVOICE_TYPE));
  const customer = obj(doc, 'customer');
  const delivery = obj(doc, 'delivery');
  if (!present(doc, 'issue_time')) out.push(fi('01', 'an issue time is needed (BR-KSA-70)', `${path}.issue_time`));

  const tax = obj(doc, 'tax');
  if (!tax) out.push(fi('02', 'tax details are needed', `${path}.tax`));
  else {
    const ext = extMap(tax);
    const at = `${path}.tax.ext`;
    if (!ext[UNTDID.documentType]) out.push(fi('03', `'${UNTDID.documentType}' is needed`, at));
    if (!ext[ZATCA_INVOICE_TYPE]) out.push(fi('04', `'${ZATCA_INVOICE_TYPE}' is needed`, at));
    if (ext[UNTDID.documentType] && !['388', '386', '383', '381'].includes(ext[UNTDID.documentType])) {
      out.push(fi('05', 'the document type must be 388, 386, 383 or 381 (BR-KSA-05)', at));
    }
    if (ext[ZATCA_INVOICE_TYPE] && !ZATCA_INVOICE_TYPES.includes(ext[ZATCA_INVOICE_TYPE])) {
      out.push(fi('06', 'the invoice transaction type is not valid (BR-KSA-06)', at));
    }
  }

  if (['credit-note', 'debit-note'].includes(invoiceType(doc))) {
    if (!present(doc, 'preceding')) out.push(fi('07', 'credit and debit notes need a billing reference', `${path}.preceding`));
    objects(doc, 'preceding').forEach((ref, i) => {
      if (!present(ref, 'code')) out.push(fi('08', 'the billing reference needs a code (BR-KSA-56)', `${path}.preceding[${i}].code`));
      if (!present(ref, 'reason')) out.push(fi('09', 'the billing reference needs a reason (BR-KSA-17)', `${path}.preceding[${i}].reason`));
    });
  }

  if (!type.simplified) {
    objects(customer, 'addresses').forEach((a, i) => {
      const at = `${path}.customer.addresses[${i}]`;
      if (!present(a, 'street')) out.push(fi('10', 'the customer address needs a street (BR-KSA-10)', `${at}.street`));
      if (!present(a, 'locality')) out.push(fi('11', 'the customer address needs a city (BR-KSA-10)', `${at}.locality`));
      if (!present(a, 'country')) out.push(fi('12', 'the customer address needs a country (BR-KSA-10)', `${at}.country`));
    });
    const identified = present(obj(customer, 'tax_id'), 'code') || oneIdentityOf(customer, CUSTOMER_SCHEMES);
    if (!identified)
      out.push(fi('13', 'the customer needs a tax ID code or one accepted identity (BR-KSA-14, BR-KSA-81)', `${path}.customer`));
    objects(doc, 'lines').forEach((line, i) => {
      if (!present(line, 'taxes')) out.push(fi('14', 'standard tax invoice lines need taxes (BR-KSA-52)', `${path}.lines[${i}].taxes`));
    });
    if (!delivery) out.push(fi('15', 'standard tax invoices need delivery details', `${path}.delivery`));
    else if (!present(delivery, 'date'))
      out.push(fi('16', 'standard tax invoices need a supply date (BR-KSA-15)', `${path}.delivery.date`));
  }

  if (type.export && customer && isObject(customer.tax_id) && Object.keys(customer.tax_id).length > 0) {
    out.push(fi('17', 'export invoices cannot carry a customer tax ID (BR-KSA-46)', `${path}.customer.tax_id`));
  }

  const summary = type.simplified && type.summary;
  if (summary) {
    const period = obj(delivery, 'period');
    if (!delivery) out.push(fi('18', 'simplified summary invoices need delivery details', `${path}.delivery`));
    else if (!period) out.push(fi('19', 'simplified summary invoices need a delivery period', `${path}.delivery.period`));
    else {
      if (!present(period, 'start')) out.push(fi('20', 'the delivery period needs a start (BR-KSA-72)', `${path}.delivery.period.start`));
      if (!present(period, 'end')) out.push(fi('21', 'the delivery period needs an end (BR-KSA-72)', `${path}.delivery.period.end`));
    }
  }

  const eduOrHealth = hasVatReason(doc, ['VATEX-SA-EDU', 'VATEX-SA-HEA']);
  if (eduOrHealth && customer && !objects(customer, 'identities').some((id) => str(id, 'type') === 'NAT')) {
    out.push(
      fi('22', 'private education or healthcare to citizens needs the customer national ID (BR-KSA-49)', `${path}.customer.identities`),
    );
  }

  if ((type.simplified && eduOrHealth) || summary || !type.simplified) {
    if (!customer) out.push(fi('23', 'a customer is needed', `${path}.customer`));
    else if (!present(customer, 'name'))
      out.push(fi('24', 'the customer needs a name (BR-KSA-71, BR-KSA-25, BR-KSA-42)', `${path}.customer.name`));
  }

  const supplier = obj(doc, 'supplier');
  if (supplier) {
    out.push(...taxIdFaults(supplier, `${path}.supplier`, ['25', '26'], 'supplier'));
    if (!oneIdentityOf(supplier, SUPPLIER_SCHEMES)) {
      out.push(
        fi('27', 'the supplier needs one identity of type CRN, MOM, MLS, 700, SAG or OTH (BR-KSA-08)', `${path}.supplier.identities`),
      );
    }
  }

  if (type.selfBilled && customer) {
    out.push(...taxIdFaults(customer, `${path}.customer`, ['28', '29'], 'customer'));
    if (!oneIdentityOf(customer, SUPPLIER_SCHEMES)) {
      out.push(
        fi(
          '30',
          'a self-billed invoice needs one customer identity of type CRN, MOM, MLS, 700, SAG or OTH (BR-KSA-08)',
          `${path}.customer.identities`,
        ),
      );
    }
  }
  return out;
}
