import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTax, getExt, hasExt, setExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeTicketInvoice(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (str(tax, 'prices_include') === '') tax.prices_include = 'VAT';
  const lottery = getExt(tax, K.lottery);
  if (lottery !== '') setExt(tax, K.lottery, lottery.toUpperCase().replace(/[^A-Z0-9]/g, ''));
}

const f = faultMaker('GOBL-IT-TICKET-BILL-INVOICE');

export function validateTicketInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('08', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details are needed', `${path}.tax`));
  else {
    const pi = str(tax, 'prices_include');
    // Both checks run: an empty value is not VAT either (met in an invoice complement, not normalized by this addon).
    if (pi === '') out.push(f('02', 'prices must include a tax', `${path}.tax.prices_include`));
    if (pi !== 'VAT') out.push(f('03', 'prices must include VAT', `${path}.tax.prices_include`));
  }
  const supplier = obj(doc, 'supplier');
  if (supplier && !obj(supplier, 'tax_id')) out.push(f('04', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
  const corrective = invoiceType(doc) === 'corrective';
  if (corrective && !present(doc, 'preceding')) out.push(f('05', 'a corrective invoice needs preceding documents', `${path}.preceding`));
  objects(doc, 'lines').forEach((line, i) => {
    if (!objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(f('06', 'each line needs VAT', `${path}.lines[${i}]`));
    if (corrective && !hasExt(line, K.line)) out.push(f('07', `'${K.line}' is needed on corrective lines`, `${path}.lines[${i}].ext`));
  });
  return out;
}
