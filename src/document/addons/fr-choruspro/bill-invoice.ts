import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, present } from '../../rules/values';
import { docTax, getExt, hasExt, mergeExt } from '../../tax/extensions';
import { K } from './extensions';

export function normalizeChorusInvoice(doc: JsonObject): void {
  const tax = docTax(doc, true) as JsonObject;
  if (!hasExt(tax, K.framework)) mergeExt(tax, { [K.framework]: 'A1' });
}

const f = faultMaker('GOBL-FR-CHORUSPRO-BILL-INVOICE');

function isZeroAmount(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

export function validateChorusInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('07', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const customer = obj(doc, 'customer');
  if (customer) {
    const scheme = getExt(customer, K.scheme);
    if (scheme !== '' && scheme !== '1') out.push(f('01', "the customer scheme must be '1'", `${path}.customer.ext`));
    if (!present(customer, 'identities')) out.push(f('02', 'the customer needs identities', `${path}.customer.identities`));
  }
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('03', 'tax details are needed', `${path}.tax`));
  else if (!present(tax, 'ext')) out.push(f('04', 'tax extensions are needed', `${path}.tax.ext`));
  else if (!hasExt(tax, K.framework)) out.push(f('05', `'${K.framework}' is needed`, `${path}.tax.ext`));
  if (getExt(tax, K.framework) === 'A2') {
    const totals = obj(doc, 'totals');
    if (!(totals && isObject(totals) && isZeroAmount(totals.due)))
      out.push(f('06', 'framework A2 needs the invoice paid in full', `${path}.totals`));
  }
  return out;
}
