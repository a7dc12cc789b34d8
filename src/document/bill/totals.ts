import { Amount } from '../num';
import { roundTaxTotal, type TaxTotal, taxTotalToJson } from '../tax/totals';
import type { JsonObject } from '../base/types';

/** A bill's totals while they are calculated; optional figures are left out of the JSON when absent. */
export interface Totals {
  sum: Amount;
  discount?: Amount;
  charge?: Amount;
  taxIncluded?: Amount;
  total: Amount;
  taxes?: TaxTotal;
  tax: Amount;
  totalWithTax: Amount;
  retainedTax?: Amount;
  rounding?: Amount;
  payable: Amount;
  advances?: Amount;
  due?: Amount;
}

export function newTotals(zero: Amount): Totals {
  return { sum: zero, total: zero, tax: zero, totalWithTax: zero, payable: zero };
}

/** Only `rounding` is read back: every other figure is recalculated. */
export function totalsFromJson(json: JsonObject): { rounding?: Amount } {
  return { rounding: Amount.from(json.rounding) };
}

export function roundTotals(t: Totals, exp: number): void {
  const r = (a: Amount) => a.rescale(exp);
  t.sum = r(t.sum);
  if (t.discount) t.discount = r(t.discount);
  if (t.charge) t.charge = r(t.charge);
  if (t.taxIncluded) t.taxIncluded = r(t.taxIncluded);
  t.total = r(t.total);
  if (t.taxes) roundTaxTotal(t.taxes, exp);
  t.tax = r(t.tax);
  t.totalWithTax = r(t.totalWithTax);
  if (t.retainedTax) t.retainedTax = r(t.retainedTax);
  t.payable = r(t.payable);
  if (t.advances) t.advances = r(t.advances);
  if (t.due) t.due = r(t.due);
}

export function totalsToJson(t: Totals): JsonObject {
  const out: JsonObject = { sum: t.sum.toString() };
  if (t.discount) out.discount = t.discount.toString();
  if (t.charge) out.charge = t.charge.toString();
  if (t.taxIncluded) out.tax_included = t.taxIncluded.toString();
  out.total = t.total.toString();
  if (t.taxes) out.taxes = taxTotalToJson(t.taxes);
  out.tax = t.tax.toString();
  out.total_with_tax = t.totalWithTax.toString();
  if (t.retainedTax) out.retained_tax = t.retainedTax.toString();
  if (t.rounding) out.rounding = t.rounding.toString();
  out.payable = t.payable.toString();
  if (t.advances) out.advance = t.advances.toString();
  if (t.due) out.due = t.due.toString();
  return out;
}
