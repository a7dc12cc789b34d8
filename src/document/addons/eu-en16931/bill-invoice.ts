import type { Fault, JsonObject } from '../../base/types';
import { invoiceType } from '../../bill/invoice-type';
import { faultMaker } from '../../rules/fault';
import { obj, objects, present, str } from '../../rules/values';
import { getExt, hasExt } from '../../tax/extensions';
import { UNTDID, VATEX } from './extensions';
import { EXEMPT_CATEGORIES } from './tax-combo';

const f = faultMaker('GOBL-EU-EN16931-BILL-INVOICE');

function isNonZeroAmount(value: unknown): boolean {
  return typeof value === 'string' && !/^-?0*(\.0*)?$/.test(value);
}

/** Exempt VAT categories in the totals without a VATEX code need a note in `tax.notes`. */
function exemptionNotesCovered(doc: JsonObject): boolean {
  const needed = new Set<string>();
  for (const cat of objects(obj(obj(doc, 'totals'), 'taxes'), 'categories')) {
    if (str(cat, 'code') !== 'VAT') continue;
    for (const rate of objects(cat, 'rates')) {
      const code = getExt(rate, UNTDID.taxCategory);
      if (EXEMPT_CATEGORIES.includes(code) && !hasExt(rate, VATEX)) needed.add(code);
    }
  }
  const covered = new Set(
    objects(obj(doc, 'tax'), 'notes')
      .map((n) => getExt(n, UNTDID.taxCategory))
      .filter((c) => c !== ''),
  );
  return [...needed].every((c) => covered.has(c));
}

export function validateEnInvoice(doc: JsonObject, path: string): Fault[] {
  const out: Fault[] = [];
  const tax = obj(doc, 'tax');
  if (!tax) out.push(f('01', 'tax details with a document type are needed', `${path}.tax`));
  else if (!hasExt(tax, UNTDID.documentType)) out.push(f('02', `'${UNTDID.documentType}' is needed`, `${path}.tax.ext`));
  if (!exemptionNotesCovered(doc)) out.push(f('08', 'exempt VAT categories need a VATEX code or an exemption note', path));
  if (!present(doc, 'lines')) out.push(f('03', 'at least one line is needed', `${path}.lines`));
  const supplier = obj(doc, 'supplier');
  if (supplier && !present(supplier, 'addresses')) out.push(f('04', 'the supplier needs an address', `${path}.supplier.addresses`));
  const customer = obj(doc, 'customer');
  if (customer && !present(customer, 'addresses')) out.push(f('05', 'the customer needs an address', `${path}.customer.addresses`));
  const totals = obj(doc, 'totals');
  const due = totals && (totals.due !== undefined && totals.due !== null ? isNonZeroAmount(totals.due) : isNonZeroAmount(totals.payable));
  if (invoiceType(doc) === 'standard' && due) {
    const payment = obj(doc, 'payment');
    if (!payment) out.push(f('06', 'payment details are needed while an amount is due', `${path}.payment`));
    else if (!obj(payment, 'terms')) out.push(f('07', 'payment terms are needed while an amount is due', `${path}.payment.terms`));
  }
  return out;
}
