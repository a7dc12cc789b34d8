import type { HookContext } from '../../tax/hooks';
import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, extMap, setExtIfEmpty } from '../../tax/extensions';
import { K } from './extensions';
import { hasVat, INVOICE_WORK_TYPES, isZero, negative, setValueDate, today } from './bill';
import { seriesAndCodeFaults, sourceRefValid } from './series';

export function normalizeSaftInvoice(doc: JsonObject, ctx: HookContext): void {
  setExtIfEmpty(docTax(doc, true) as JsonObject, K.source, 'P');
  for (const advance of objects(obj(doc, 'payment'), 'advances')) {
    if (!present(advance, 'date')) advance.date = str(doc, 'issue_date') || today(ctx);
  }
  setValueDate(doc, ctx);
}

const fi = faultMaker('GOBL-PT-SAFT-BILL-INVOICE');

function invoiceDocType(doc: JsonObject): string {
  return docTaxExt(doc, K.invoiceType) || docTaxExt(doc, K.workType);
}

export function validateSaftInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const ext = extMap(obj(doc, 'tax'));
  const docType = invoiceDocType(doc);
  if (!canConvertTo(doc, 'EUR')) out.push(fi('15', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  if (!ext[K.workType] && !ext[K.invoiceType]) out.push(fi('01', `'${K.workType}' or '${K.invoiceType}' is needed`, path));
  if (ext[K.workType] && ext[K.invoiceType]) out.push(fi('02', `'${K.workType}' and '${K.invoiceType}' exclude each other`, path));
  if (ext[K.workType] && !INVOICE_WORK_TYPES.includes(ext[K.workType]))
    out.push(fi('03', 'the work type is not one an invoice takes', path));
  out.push(...seriesAndCodeFaults(doc, path, docType, fi, ['04', '05']));
  if (!present(doc, 'value_date')) out.push(fi('06', 'a value date is needed', `${path}.value_date`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!hasVat(line)) out.push(fi('07', 'the line taxes need the VAT category', `${path}.lines[${i}]`));
  });
  objects(obj(doc, 'payment'), 'advances').forEach((advance, i) => {
    if (!present(advance, 'date')) out.push(fi('08', 'the advance needs a date', `${path}.payment.advances[${i}].date`));
    if (negative(advance.amount)) out.push(fi('16', 'the advance amount cannot be negative', `${path}.payment.advances[${i}].amount`));
  });
  const totals = obj(doc, 'totals');
  if (negative(totals?.payable)) out.push(fi('09', 'the payable amount cannot be negative', `${path}.totals.payable`));
  const due = str(totals, 'due');
  if (docType === 'FR' && due !== '' && !isZero(due)) out.push(fi('10', 'an invoice-receipt has nothing due', `${path}.totals.due`));
  if (objects(doc, 'preceding').length > 1) out.push(fi('11', 'at most one preceding document', `${path}.preceding`));
  if (!ext[K.source]) out.push(fi('12', `'${K.source}' is needed`, path));
  if (ext[K.source] && ext[K.source] !== 'P' && !ext[K.sourceRef])
    out.push(fi('13', `'${K.sourceRef}' is needed for documents not produced here`, path));
  if (!sourceRefValid(docType, ext)) out.push(fi('14', 'the source reference format is not valid', path));
  return out;
}
