import type { NodeKind } from '../../pipeline/hooks';
import type { Fault, JsonObject } from '../../pipeline/types';
import { CEF_VATEX_NAMES } from '../../catalogues/cef-vatex-names';
import { SA_ZATCA_V1, ZATCA_INVOICE_TYPES } from './def';
import { UNTDID, VATEX } from '../eu-en16931';
import type { Addon } from '../../tax/addon-def';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, extMap, getExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';

/** Saudi Arabia's ZATCA e-invoicing, on top of EN 16931 (addon sa-zatca-v1, module gobl.sa.zatca v0.0.2). */

export const ZATCA_INVOICE_TYPE = 'sa-zatca-invoice-type';

/** The flags of an invoice transaction type (KSA-2), a code of the shape 0TXNESO. */
export interface ZatcaInvoiceType {
  simplified: boolean;
  thirdParty: boolean;
  nominal: boolean;
  export: boolean;
  summary: boolean;
  selfBilled: boolean;
}

/** Flag names in the order of their positions, from the third character on. */
const FLAGS = ['thirdParty', 'nominal', 'export', 'summary', 'selfBilled'] as const;

/** Reads the flags of a KSA-2 code; an absent or malformed code reads as a standard invoice with no flags. */
export function parseZatcaInvoiceType(code: string): ZatcaInvoiceType {
  const t: ZatcaInvoiceType = { simplified: code.startsWith('02'), thirdParty: false, nominal: false, export: false, summary: false, selfBilled: false };
  FLAGS.forEach((flag, i) => {
    t[flag] = code.charAt(i + 2) === '1';
  });
  return t;
}

export function zatcaInvoiceTypeCode(t: ZatcaInvoiceType): string {
  return (t.simplified ? '02' : '01') + FLAGS.map((flag) => (t[flag] ? '1' : '0')).join('');
}

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
const fl = faultMaker('GOBL-SA-ZATCA-BILL-LINE');
const fa = faultMaker('GOBL-SA-ZATCA-ORG-ADDRESS');
const fc = faultMaker('GOBL-SA-ZATCA-TAX-COMBO');

const CUSTOMER_SCHEMES = ['TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH'];
const SUPPLIER_SCHEMES = ['CRN', 'MOM', 'MLS', '700', 'SAG', 'OTH'];
const EXEMPT_REASONS = ['VATEX-SA-29', 'VATEX-SA-29-7', 'VATEX-SA-30'];
const ZERO_REASONS = [
  'VATEX-SA-32', 'VATEX-SA-33', 'VATEX-SA-34-1', 'VATEX-SA-34-2', 'VATEX-SA-34-3', 'VATEX-SA-34-4', 'VATEX-SA-34-5',
  'VATEX-SA-35', 'VATEX-SA-36', 'VATEX-SA-EDU', 'VATEX-SA-HEA', 'VATEX-SA-MLTRY',
];

/** Exactly one identity, of one of the given types. */
function oneIdentityOf(party: JsonObject | undefined, types: string[]): boolean {
  const ids = objects(party, 'identities');
  return ids.length === 1 && types.includes(str(ids[0], 'type'));
}

function hasVatReason(doc: JsonObject, reasons: string[]): boolean {
  return objects(doc, 'lines').some((line) => {
    const vat = objects(line, 'taxes').find((c) => str(c, 'cat') === 'VAT');
    return reasons.includes(getExt(vat, VATEX));
  });
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
    if (!identified) out.push(fi('13', 'the customer needs a tax ID code or one accepted identity (BR-KSA-14, BR-KSA-81)', `${path}.customer`));
    objects(doc, 'lines').forEach((line, i) => {
      if (!present(line, 'taxes')) out.push(fi('14', 'standard tax invoice lines need taxes (BR-KSA-52)', `${path}.lines[${i}].taxes`));
    });
    if (!delivery) out.push(fi('15', 'standard tax invoices need delivery details', `${path}.delivery`));
    else if (!present(delivery, 'date')) out.push(fi('16', 'standard tax invoices need a supply date (BR-KSA-15)', `${path}.delivery.date`));
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
    out.push(fi('22', 'private education or healthcare to citizens needs the customer national ID (BR-KSA-49)', `${path}.customer.identities`));
  }

  if ((type.simplified && eduOrHealth) || summary || !type.simplified) {
    if (!customer) out.push(fi('23', 'a customer is needed', `${path}.customer`));
    else if (!present(customer, 'name')) out.push(fi('24', 'the customer needs a name (BR-KSA-71, BR-KSA-25, BR-KSA-42)', `${path}.customer.name`));
  }

  const supplier = obj(doc, 'supplier');
  if (supplier) {
    out.push(...taxIdFaults(supplier, `${path}.supplier`, ['25', '26'], 'supplier'));
    if (!oneIdentityOf(supplier, SUPPLIER_SCHEMES)) {
      out.push(fi('27', 'the supplier needs one identity of type CRN, MOM, MLS, 700, SAG or OTH (BR-KSA-08)', `${path}.supplier.identities`));
    }
  }

  if (type.selfBilled && customer) {
    out.push(...taxIdFaults(customer, `${path}.customer`, ['28', '29'], 'customer'));
    if (!oneIdentityOf(customer, SUPPLIER_SCHEMES)) {
      out.push(fi('30', 'a self-billed invoice needs one customer identity of type CRN, MOM, MLS, 700, SAG or OTH (BR-KSA-08)', `${path}.customer.identities`));
    }
  }
  return out;
}

export function validateZatcaLine(line: JsonObject, path: string): Fault[] {
  return present(line, 'charges') ? [fl('01', 'line charges are not allowed (BR-KSA-EN16931-06)', `${path}.charges`)] : [];
}

export function validateZatcaAddress(address: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!present(address, 'country')) out.push(fa('01', 'the address needs a country', `${path}.country`));
  if (str(address, 'country') !== 'SA') return out;
  const need = (field: string, code: string, shape?: RegExp) => {
    const value = str(address, field);
    if (value === '' || (shape && !shape.test(value))) out.push(fa(code, `addresses in Saudi Arabia need a valid ${field} (BR-KSA-09)`, `${path}.${field}`));
  };
  need('street', '02');
  need('num', '03', /^\d{4}$/);
  need('code', '04', /^\d{5}$/);
  need('locality', '05');
  need('street_extra', '06');
  return out;
}

function validReason(category: string, reason: string): boolean {
  switch (category) {
    case 'S':
      return reason === '';
    case 'E':
      return EXEMPT_REASONS.includes(reason);
    case 'Z':
      return ZERO_REASONS.includes(reason);
    case 'O':
      return reason === 'VATEX-SA-OOS';
    default:
      return true;
  }
}

export function validateZatcaCombo(combo: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const category = getExt(combo, UNTDID.taxCategory);
  if (!validReason(category, getExt(combo, VATEX))) {
    out.push(fc('01', `'${VATEX}' must suit the tax category: required for Z, E and O, not allowed for S (BR-KSA-CL-04)`, `${path}.ext`));
  }
  if (category !== '' && !['S', 'Z', 'E', 'O'].includes(category)) {
    out.push(fc('02', `'${UNTDID.taxCategory}' must be S, Z, E or O (BR-KSA-18)`, `${path}.ext`));
  }
  if (str(combo, 'cat') !== 'VAT') out.push(fc('03', 'the tax category must be VAT (BR-KSA-54)', `${path}.cat`));
  return out;
}

export const saZatca: Addon = {
  def: SA_ZATCA_V1,
  normalize(node: JsonObject, kind: NodeKind) {
    if (kind === 'bill/invoice') normalizeZatcaInvoice(node);
  },
  validate(node: JsonObject, kind: NodeKind, path: string) {
    switch (kind) {
      case 'bill/invoice':
        return validateZatcaInvoice(node, path);
      case 'bill/line':
        return validateZatcaLine(node, path);
      case 'org/address':
        return validateZatcaAddress(node, path);
      case 'tax/combo':
        return validateZatcaCombo(node, path);
      default:
        return [];
    }
  },
};
