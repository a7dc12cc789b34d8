import type { HookContext } from '../../tax/hooks';
import type { Fault, JsonObject } from '../../base/types';
import { faultMaker } from '../../rules/fault';
import { objects, present, str } from '../../rules/values';
import { docTax, docTaxExt, hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';
import { hasVat, INVOICE_WORK_TYPES, setValueDate } from './bill';
import { seriesAndCodeFaults } from './series';

export function normalizeSaftOrder(doc: JsonObject, ctx: HookContext): void {
  const tax = docTax(doc, true) as JsonObject;
  const type = str(doc, 'type');
  if (!hasExt(tax, K.workType)) {
    if (type === 'purchase') setExt(tax, K.workType, 'NE');
    else if (type === 'quote') setExt(tax, K.workType, 'OR');
  }
  setValueDate(doc, ctx);
}
const fo = faultMaker('GOBL-PT-SAFT-BILL-ORDER');

export function validateSaftOrder(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const workType = docTaxExt(doc, K.workType);
  if (workType === '') out.push(fo('01', `'${K.workType}' is needed`, path));
  if (INVOICE_WORK_TYPES.includes(workType)) out.push(fo('02', 'the work type is one only invoices take', path));
  out.push(...seriesAndCodeFaults(doc, path, workType, fo, ['03', '04']));
  if (!present(doc, 'value_date')) out.push(fo('05', 'a value date is needed', `${path}.value_date`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!hasVat(line)) out.push(fo('06', 'the line taxes need the VAT category', `${path}.lines[${i}]`));
  });
  return out;
}
