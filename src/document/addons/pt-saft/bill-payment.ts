import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { extMap, getExt, setExt, setExtIfEmpty } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K, TAG_CASH_VAT } from './extensions';
import { seriesAndCodeFaults, sourceRefValid } from './series';
import { negative, supplierTaxIdFaults } from './bill';
import { exemptionNotesValid } from './exemption-notes';

export function normalizeSaftPayment(doc: JsonObject): void {
  setExt(doc, K.paymentType, hasTag(doc, TAG_CASH_VAT) ? 'RC' : 'RG');
  setExtIfEmpty(doc, K.source, 'P');
}
const fp = faultMaker('GOBL-PT-SAFT-BILL-PAYMENT');
const fpl = faultMaker('GOBL-PT-SAFT-BILL-PAYMENTLINE');

export function validateSaftPayment(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(doc);
  const docType = ext[K.paymentType] ?? '';
  out.push(...seriesAndCodeFaults(doc, path, docType, fp, ['01', '02']));
  if (!ext[K.paymentType]) out.push(fp('03', `'${K.paymentType}' is needed`, `${path}.ext`));
  if (!ext[K.source]) out.push(fp('04', `'${K.source}' is needed`, `${path}.ext`));
  if (ext[K.source] && ext[K.source] !== 'P' && !ext[K.sourceRef])
    out.push(fp('05', `'${K.sourceRef}' is needed for documents not produced here`, `${path}.ext`));
  if (!sourceRefValid(docType, ext)) out.push(fp('06', 'the source reference format is not valid', path));
  out.push(...supplierTaxIdFaults(doc, path, fp, ['07', '08']));
  const customer = obj(doc, 'customer');
  if (customer && present(obj(customer, 'tax_id'), 'code') && !present(customer, 'name')) {
    out.push(fp('09', 'a customer with a tax ID code needs a name', path));
  }
  if (negative(doc.total)) out.push(fp('10', 'the total cannot be negative', `${path}.total`));
  // A receipt is dated when paid: a method's own date, if any, must be the issue date.
  const issued = str(doc, 'issue_date');
  if (objects(doc, 'methods').some((m) => present(m, 'date') && str(m, 'date') !== issued)) {
    out.push(fp('11', 'payment method dates must match the issue date', path));
  }
  return out;
}

export function validateSaftPaymentLine(line: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const document = obj(line, 'document');
  if (!document) out.push(fpl('01', 'a document is needed', `${path}.document`));
  else if (!present(document, 'issue_date')) out.push(fpl('02', 'the document needs an issue date', `${path}.document.issue_date`));
  const tax = obj(line, 'tax');
  const categories = objects(tax, 'categories');
  if (!tax) out.push(fpl('03', 'tax details are needed', `${path}.tax`));
  else if (!categories.some((c) => str(c, 'code') === 'VAT')) out.push(fpl('04', 'the VAT category is missing', `${path}.tax`));
  categories.forEach((cat, i) => {
    if (objects(cat, 'rates').length > 1) out.push(fpl('05', 'one rate per line', `${path}.tax.categories[${i}].rates`));
  });
  const vat = categories.find((c) => str(c, 'code') === 'VAT');
  const code = getExt(objects(vat, 'rates')[0], K.exemption);
  if (!exemptionNotesValid(line.notes, code)) out.push(fpl('06', 'the exemption notes are not valid', path));
  return out;
}
