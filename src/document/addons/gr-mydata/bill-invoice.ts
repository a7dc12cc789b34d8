import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { docTaxExt, extMap, hasExt } from '../../tax/extensions';
import { K } from './extensions';

const f = faultMaker('GOBL-GR-MYDATA-BILL-INVOICE');

function isPositive(value: unknown): boolean {
  return typeof value === 'string' && /^[0-9]/.test(value) && !/^0*(\.0*)?$/.test(value);
}

function isZero(value: unknown): boolean {
  return typeof value === 'string' && /^-?0*(\.0*)?$/.test(value);
}

export function validateMydataInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('19', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  if (!present(doc, 'series')) out.push(f('01', 'a series is needed', `${path}.series`));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('02', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.invoiceType)) out.push(f('03', `'${K.invoiceType}' is needed`, `${path}.tax.ext`));
  const supplierTaxId = obj(obj(doc, 'supplier'), 'tax_id');
  if (obj(doc, 'supplier')) {
    if (!supplierTaxId) out.push(f('04', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
    else if (!present(supplierTaxId, 'code')) out.push(f('18', 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`));
  }
  const invType = docTaxExt(doc, K.invoiceType);
  if (tax && ['1.', '2.', '5.'].some((p) => invType.startsWith(p))) {
    const customer = obj(doc, 'customer');
    if (!customer) out.push(f('05', 'a customer is needed', `${path}.customer`));
    else {
      if (!isObject(customer.tax_id)) out.push(f('06', 'the customer needs a tax ID', `${path}.customer.tax_id`));
      const addresses = objects(customer, 'addresses');
      if (addresses.length === 0) out.push(f('07', 'the customer needs an address', `${path}.customer.addresses`));
      addresses.forEach((a, i) => {
        if (!present(a, 'locality'))
          out.push(f('08', 'the customer address needs a locality', `${path}.customer.addresses[${i}].locality`));
        if (!present(a, 'code')) out.push(f('09', 'the customer address needs a post code', `${path}.customer.addresses[${i}].code`));
      });
    }
  }
  objects(doc, 'lines').forEach((line, i) => {
    const total = line.total;
    if (total !== undefined && !isZero(total) && !isPositive(total))
      out.push(f('10', 'the line total must be positive', `${path}.lines[${i}].total`));
    if (total !== undefined && isZero(total)) out.push(f('11', 'the line total cannot be zero', `${path}.lines[${i}].total`));
    const ext = extMap(obj(line, 'item'));
    if (Boolean(ext[K.incomeCat]) !== Boolean(ext[K.incomeType])) {
      out.push(f('12', `'${K.incomeCat}' and '${K.incomeType}' go together`, `${path}.lines[${i}].item.ext`));
    }
  });
  if (present(doc, 'discounts')) out.push(f('13', 'document discounts are not supported', `${path}.discounts`));
  const payment = obj(doc, 'payment');
  if (!payment) out.push(f('14', 'payment details are needed', `${path}.payment`));
  else if (!present(payment, 'advances') && !isObject(payment.instructions)) {
    out.push(f('15', 'payment instructions are needed when there are no advances', `${path}.payment`));
  }
  const preceding = objects(doc, 'preceding');
  if (invoiceType(doc) === 'credit-note' && preceding.length === 0) {
    out.push(f('16', 'a credit note needs preceding documents', `${path}.preceding`));
  }
  preceding.forEach((ref, i) => {
    const stamps = objects(ref, 'stamps');
    if (!stamps.some((s) => str(s, 'prv') === 'iapr-mark')) {
      out.push(f('17', "the preceding document needs its 'iapr-mark' stamp", `${path}.preceding[${i}].stamps`));
    }
  });
  return out;
}
