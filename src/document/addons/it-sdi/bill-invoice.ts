import type { Fault, JsonObject } from '../../base/types';
import { canConvertTo } from '../../currency/exchange';
import { faultMaker } from '../../rules/fault';
import { isObject, obj, objects, present, str } from '../../rules/values';
import { getExt, hasExt, setExt } from '../../tax/extensions';
import { hasTag } from '../../tax/tags';
import { K } from './extensions';

function isItalian(party: JsonObject | undefined): boolean {
  return str(obj(party, 'tax_id'), 'country') === 'IT';
}

export function normalizeSdiInvoice(doc: JsonObject): void {
  const supplier = obj(doc, 'supplier');
  if (!supplier) return;
  if (getExt(supplier, K.fiscalRegime) === '') setExt(supplier, K.fiscalRegime, 'RF01');
  if (isItalian(supplier)) {
    for (const tel of objects(supplier, 'telephones')) {
      const num = str(tel, 'num');
      if (num.length >= 3 && num.startsWith('+39')) tel.num = num.slice(3);
    }
  }
}

const f = faultMaker('GOBL-IT-SDI-BILL-INVOICE');

export function latin1(text: string): boolean {
  for (const ch of text) if ((ch.codePointAt(0) ?? 0) > 255) return false;
  return true;
}

export function validateSdiInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  if (!canConvertTo(doc, 'EUR')) out.push(f('22', 'the invoice must be in EUR or give an exchange rate to EUR', path));
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details are needed', `${path}.tax`));
  else if (!hasExt(tax, K.format) || !hasExt(tax, K.documentType)) {
    out.push(f('02', `'${K.documentType}' and '${K.format}' are needed`, `${path}.tax.ext`));
  }
  const supplier = obj(doc, 'supplier');
  if (supplier) {
    if (!latin1(str(supplier, 'name'))) out.push(f('03', 'the supplier name must use Latin-1 characters', `${path}.supplier.name`));
    if (!present(supplier, 'addresses')) out.push(f('04', 'the supplier needs an address', `${path}.supplier.addresses`));
    if (!hasExt(supplier, K.fiscalRegime)) out.push(f('05', `'${K.fiscalRegime}' is needed`, `${path}.supplier.ext`));
    const reg = obj(supplier, 'registration');
    if (reg) {
      if (!present(reg, 'entry')) out.push(f('06', 'the registration needs an entry', `${path}.supplier.registration.entry`));
      if (!present(reg, 'office')) out.push(f('07', 'the registration needs an office', `${path}.supplier.registration.office`));
    }
    if (isItalian(supplier)) {
      objects(supplier, 'telephones').forEach((tel, i) => {
        const n = Buffer.byteLength(str(tel, 'num'), 'utf8');
        if (n > 0 && (n < 5 || n > 12))
          out.push(f('08', 'an Italian telephone number has 5 to 12 characters', `${path}.supplier.telephones[${i}].num`));
      });
    }
  }
  const customer = obj(doc, 'customer');
  if (!customer) out.push(f('09', 'a customer is needed', `${path}.customer`));
  else {
    if (!latin1(str(customer, 'name'))) out.push(f('10', 'the customer name must use Latin-1 characters', `${path}.customer.name`));
    if (!isObject(customer.tax_id)) out.push(f('11', 'the customer needs a tax ID', `${path}.customer.tax_id`));
    if (!present(customer, 'addresses')) out.push(f('12', 'the customer needs an address', `${path}.customer.addresses`));
    const taxId = obj(customer, 'tax_id');
    const hasCode = str(taxId, 'code') !== '';
    const hasPeople = customer.people !== undefined && customer.people !== null;
    if ((hasCode || !hasPeople) && str(customer, 'name') === '') out.push(f('13', 'the customer needs a name', path));
    if (str(customer, 'name') === '' && !present(customer, 'people'))
      out.push(f('14', 'the customer needs people when it has no name', path));
    const fiscalCode = objects(customer, 'identities').some((id) => str(id, 'key') === 'it-fiscal-code');
    if (isItalian(customer) && !fiscalCode && !hasCode) {
      out.push(f('15', 'an Italian customer without fiscal code needs a tax ID code', `${path}.customer.tax_id.code`));
    }
    if (isItalian(customer) && !hasCode && !fiscalCode) {
      out.push(f('16', "the customer needs an 'it-fiscal-code' identity", `${path}.customer.identities`));
    }
  }
  objects(doc, 'lines').forEach((line, i) => {
    if (!objects(line, 'taxes').some((c) => str(c, 'cat') === 'VAT')) out.push(f('17', 'each line needs VAT', `${path}.lines[${i}]`));
    if (!latin1(str(obj(line, 'item'), 'name')))
      out.push(f('18', 'item names must use Latin-1 characters', `${path}.lines[${i}].item.name`));
  });
  const despatch = objects(obj(doc, 'ordering'), 'despatch');
  if (hasTag(doc, 'deferred')) {
    despatch.forEach((d, i) => {
      if (!present(d, 'issue_date'))
        out.push(f('19', 'the despatch document needs an issue date', `${path}.ordering.despatch[${i}].issue_date`));
    });
  } else if (despatch.length > 0) {
    out.push(f('20', "despatch documents need the 'deferred' tag", `${path}.ordering.despatch`));
  }
  const payment = obj(doc, 'payment');
  if (payment && present(obj(payment, 'terms'), 'due_dates') && !isObject(payment.instructions)) {
    out.push(f('21', 'payment instructions are needed with due dates', path));
  }
  return out;
}
