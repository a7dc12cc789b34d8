import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, present, str } from '../../rules/values';
import { extMap, setExtIfEmpty } from '../../tax/extensions';
import { K, MUNICIPALITY } from './extensions';

/** Suppliers default to "no fiscal incentive" (2); ISS combos to "liable" (1). */
export function normalizeNfseInvoice(doc: JsonObject): void {
  const supplier = obj(doc, 'supplier');
  if (supplier) setExtIfEmpty(supplier, K.fiscalIncentive, '2');
}

const fi = faultMaker('GOBL-BR-NFSE-BILL-INVOICE');

function supplierFaults(supplier: JsonObject, at: string): Fault[] {
  const out: Fault[] = [];
  const taxId = supplier.tax_id;
  if (!isObject(taxId)) out.push(fi('04', 'the supplier needs a tax ID', `${at}.tax_id`));
  else if (!present(taxId, 'code')) out.push(fi('05', 'the supplier tax ID needs a code', `${at}.tax_id.code`));
  if (!present(supplier, 'name')) out.push(fi('06', 'the supplier needs a name', `${at}.name`));
  if (!present(supplier, 'addresses')) out.push(fi('07', 'the supplier needs an address', `${at}.addresses`));
  const addresses = Array.isArray(supplier.addresses) ? supplier.addresses : [];
  addresses.forEach((address, i) => {
    const a = `${at}.addresses[${i}]`;
    // An empty address object is present: only a missing entry fails 08, an empty one fails each field.
    if (!isObject(address)) {
      out.push(fi('08', 'a supplier address cannot be empty', a));
      return;
    }
    const required: [string, string][] = [
      ['street', '09'],
      ['num', '10'],
      ['locality', '11'],
      ['state', '12'],
      ['code', '13'],
    ];
    for (const [field, code] of required) {
      if (!present(address, field)) out.push(fi(code, `the supplier address needs a ${field}`, `${a}.${field}`));
    }
  });
  const ext = extMap(supplier);
  if (![MUNICIPALITY, K.simples, K.fiscalIncentive].every((k) => ext[k])) {
    out.push(fi('14', `the supplier needs '${MUNICIPALITY}', '${K.simples}' and '${K.fiscalIncentive}'`, `${at}.ext`));
  }
  return out;
}

export function validateNfseInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'BRL')) out.push(fi('17', 'the invoice must be in BRL or give an exchange rate to BRL', path));
  if (!present(doc, 'series')) out.push(fi('01', 'a series is needed', `${path}.series`));
  const code = str(doc, 'code');
  if (code !== '' && !/^[1-9][0-9]*$/.test(code)) out.push(fi('02', 'the code must be a positive integer', `${path}.code`));
  const supplier = obj(doc, 'supplier');
  if (!supplier) out.push(fi('03', 'a supplier is needed', `${path}.supplier`));
  else out.push(...supplierFaults(supplier, `${path}.supplier`));
  if (present(doc, 'charges')) out.push(fi('15', 'NFS-e takes no charges', `${path}.charges`));
  if (present(doc, 'discounts')) out.push(fi('16', 'NFS-e takes no discounts', `${path}.discounts`));
  return out;
}
