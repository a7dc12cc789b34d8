import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { docTaxExt, getExt, mergeDocTaxExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K } from './extensions';

export function normalizeFavatInvoice(doc: JsonObject): void {
  if (hasTag(doc, 'self-billed')) mergeDocTaxExt(doc, { [K.selfBilling]: '1' });
  if (hasTag(doc, 'reverse-charge')) mergeDocTaxExt(doc, { [K.reverseCharge]: '1' });
}

const f = faultMaker('GOBL-PL-FAVAT-BILL-INVOICE');

function isExemptionNote(note: JsonObject): boolean {
  return str(note, 'key') === 'legal' && str(note, 'src') === K.exemption;
}

function hasIdentityWithRole(party: JsonObject, role: string): boolean {
  return objects(party, 'identities').some((id) => getExt(id, K.thirdPartyRole) === role && str(id, 'code') !== '');
}

export function validateFavatInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'PLN')) out.push(f('15', 'the invoice must be in PLN or give an exchange rate to PLN', path));
  if (!['standard', 'credit-note'].includes(invoiceType(doc)))
    out.push(f('01', 'only standard invoices and credit notes are allowed', `${path}.type`));
  objects(doc, 'preceding').forEach((ref, i) => {
    if (!present(ref, 'issue_date')) out.push(f('02', 'the preceding document needs an issue date', `${path}.preceding[${i}].issue_date`));
    if (!present(ref, 'code')) out.push(f('03', 'the preceding document needs a code', `${path}.preceding[${i}].code`));
  });
  const supplier = obj(doc, 'supplier');
  if (!supplier) out.push(f('04', 'a supplier is needed', `${path}.supplier`));
  else {
    const taxId = obj(supplier, 'tax_id');
    if (!taxId) out.push(f('16', 'the supplier needs a tax ID', `${path}.supplier.tax_id`));
    else if (!present(taxId, 'code')) out.push(f('17', 'the supplier tax ID needs a code', `${path}.supplier.tax_id.code`));
    if (!present(supplier, 'name')) out.push(f('05', 'the supplier needs a name', `${path}.supplier.name`));
    const addresses = objects(supplier, 'addresses');
    if (addresses.length === 0) out.push(f('06', 'the supplier needs an address', `${path}.supplier.addresses`));
    else {
      if (!present(addresses[0], 'country')) out.push(f('07', 'the first supplier address needs a country', `${path}.supplier.addresses`));
      if (!present(addresses[0], 'street')) out.push(f('08', 'the first supplier address needs a street', `${path}.supplier.addresses`));
    }
  }
  const customer = obj(doc, 'customer');
  if (!hasTag(doc, 'simplified') && !customer) out.push(f('09', 'a customer is needed', `${path}.customer`));
  const customerTaxId = obj(customer, 'tax_id');
  if (customerTaxId && str(customerTaxId, 'country') === 'PL' && !present(customerTaxId, 'code')) {
    out.push(f('10', 'a Polish customer tax ID needs a code', `${path}.customer.tax_id.code`));
  }
  if (customer) {
    if (getExt(customer, K.jst) === '1' && !hasIdentityWithRole(customer, '8')) {
      out.push(f('11', 'a JST customer needs an identity with role 8 and a code', path));
    }
    if (getExt(customer, K.groupVat) === '1' && !hasIdentityWithRole(customer, '10')) {
      out.push(f('12', 'a VAT group customer needs an identity with role 10 and a code', path));
    }
  }
  const notes = objects(doc, 'notes').filter(isExemptionNote);
  if (docTaxExt(doc, K.exemption) !== '' && notes.length === 0) out.push(f('13', 'an exemption note is needed', path));
  if (notes.length > 1) out.push(f('14', 'only one exemption note is allowed', path));
  return out;
}
