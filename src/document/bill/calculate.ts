import { currencyZero, isCurrency, readExchangeRates } from '../currency';
import { CalculationError } from '../base/errors';
import { isObject, objects, str, strings } from '../base/json';

import { calculatePaymentDetails } from '../pay/details';
import type { Regime } from '../tax/regime-def';
import { isZeroDate } from '../cal/date';
import { roundingRuleOf, type RoundingRule } from '../tax/rounding';
import { calculateTaxTotal, roundTaxTotal, taxTotalFromJson, taxTotalToJson } from '../tax/totals';
import { calculateTaxTotals, type TaxableLine } from '../tax/totals-calculate';
import type { JsonObject } from '../base/types';
import { adjustmentSum, adjustmentTaxLines, calculateAdjustments, roundAdjustments } from './adjustments';
import { type CalcContext, calculateLines, lineSum, roundLine } from './line-calculate';
import { type Totals, newTotals, roundTotals, totalsFromJson, totalsToJson } from './totals';

export interface BillContext {
  regime?: Regime;
  now: Date;
}

/** Today's date (and time) in a time zone, from the clock the caller passed in. */
export function dateTimeIn(now: Date, timeZone: string | undefined): { date: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return dateTimeIn(now, 'UTC');
  }
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}:${get('second')}` };
}

/** Sets a missing or zero (0000-00-00) issue date (or a zero issue time) from the clock; returns the tax date: value date, else issue date. */
export function calculateIssueDate(doc: JsonObject, ctx: BillContext): string {
  const tz = ctx.regime?.timeZone;
  if (typeof doc.issue_time === 'string' && /^0{1,2}:00(:00(\.0+)?)?$/.test(doc.issue_time)) {
    const now = dateTimeIn(ctx.now, tz);
    doc.issue_date = now.date;
    doc.issue_time = now.time;
  } else if (isZeroDate(doc.issue_date)) {
    doc.issue_date = dateTimeIn(ctx.now, tz).date;
  }
  return str(doc.value_date) || str(doc.issue_date);
}

/**
 * Without totals GOBL calculates no advance nor due date, but their amount is a plain (not optional) field:
 * one the input left out is written as zero, one it gave is kept as given.
 */
function zeroUncalculatedPayments(payment: JsonObject): void {
  const dueDates = isObject(payment.terms) ? objects(payment.terms.due_dates) : [];
  for (const r of [...objects(payment.advances), ...dueDates]) {
    if (r.amount === undefined || r.amount === null) r.amount = '0';
  }
}

/**
 * The calculation GOBL shares between invoices, orders and deliveries: lines, document discounts and charges,
 * tax totals, rounding, advances and due dates. Mutates `doc`; throws CalculationError when it cannot proceed.
 */
export function calculateBill(doc: JsonObject, ctx: BillContext): void {
  const regime = ctx.regime;
  const date = calculateIssueDate(doc, ctx);

  if (!isCurrency(doc.currency)) {
    if (!regime) throw new CalculationError('currency: missing or invalid');
    doc.currency = regime.currency;
  }
  const currency = doc.currency as string;
  const tags = strings(doc.$tags);
  if (tags.includes('bypass')) return;
  // The document then calculates its complements (pipeline/document.ts), as GOBL does at this point.

  const zero = currencyZero(currency);
  const previous = isObject(doc.totals) ? totalsFromJson(doc.totals) : undefined;
  const t: Totals = newTotals(zero);
  if (previous?.rounding) t.rounding = previous.rounding; // the only figure a user may give: it is kept

  const tax = isObject(doc.tax) ? doc.tax : undefined;
  const includes = tax ? str(tax.prices_include) : '';
  const rr: RoundingRule = roundingRuleOf(tax?.rounding) ?? regime?.calculatorRoundingRule ?? 'precise';

  if (tags.includes('customer-rates')) applyCustomerRates(doc);

  for (const ref of objects(doc.preceding)) calculateDocumentRef(ref, str(ref.currency) || currency, rr);

  const cc: CalcContext = { currency, zero, rates: readExchangeRates(doc.exchange_rates), rr };
  const lines = calculateLines(objects(doc.lines), cc);
  t.sum = lineSum(lines, zero);
  t.total = t.sum;

  const discounts = calculateAdjustments(doc.discounts, t.sum, cc);
  const discount = adjustmentSum(discounts, zero);
  if (discount) {
    t.discount = discount;
    t.total = t.total.subtract(discount);
  }
  const charges = calculateAdjustments(doc.charges, t.sum, cc);
  const charge = adjustmentSum(charges, zero);
  if (charge) {
    t.charge = charge;
    t.total = t.total.add(charge);
  }

  const taxable: TaxableLine[] = [];
  for (const l of lines) if (l.total) taxable.push({ taxes: objects(l.node.taxes), total: l.total });
  for (const a of [...adjustmentTaxLines(discounts, true), ...adjustmentTaxLines(charges, false)]) taxable.push(a);
  if (taxable.length === 0) {
    // Orders and deliveries may carry no prices at all.
    for (const l of lines) roundLine(l);
    delete doc.totals;
    if (isObject(doc.payment)) zeroUncalculatedPayments(doc.payment);
    return;
  }

  const taxes = calculateTaxTotals({ regime, rounding: rr, zero, date, lines: taxable, includes: includes || undefined });
  const included = includes ? taxes.categories.find((c) => c.code === includes) : undefined;
  if (included) {
    t.taxIncluded = included.amount;
    t.total = t.total.subtract(included.amount);
  }
  t.tax = taxes.sum;
  t.totalWithTax = t.total.add(t.tax);
  if (taxes.retained) t.retainedTax = taxes.retained;
  t.payable = t.totalWithTax;
  if (t.retainedTax) t.payable = t.payable.subtract(t.retainedTax);
  t.taxes = taxes.categories.length > 0 ? taxes : undefined;

  // Payments are real money: round everything before advances and due dates.
  for (const l of lines) roundLine(l);
  roundAdjustments(discounts, zero);
  roundAdjustments(charges, zero);
  roundTotals(t, zero.exp);
  if (t.rounding) t.payable = t.payable.add(t.rounding);
  if (isObject(doc.payment)) {
    const { advances } = calculatePaymentDetails(doc.payment, zero, t.payable);
    if (advances) {
      t.advances = advances;
      t.due = t.payable.subtract(advances);
    }
  }
  doc.totals = totalsToJson(t);
}

/** The `customer-rates` tag: every combo is taxed at the customer's country rates. */
function applyCustomerRates(doc: JsonObject): void {
  const customer = isObject(doc.customer) ? doc.customer : undefined;
  const taxId = customer && isObject(customer.tax_id) ? customer.tax_id : undefined;
  if (!taxId || !str(taxId.country)) return;
  for (const list of [doc.lines, doc.discounts, doc.charges]) {
    for (const row of objects(list)) for (const c of objects(row.taxes)) c.country = taxId.country;
  }
}

/** A preceding document's tax totals are recalculated and rounded in its own currency. */
function calculateDocumentRef(ref: JsonObject, currency: string, rr: RoundingRule): void {
  if (!isObject(ref.tax)) return;
  const zero = currencyZero(currency);
  const t = taxTotalFromJson(ref.tax, zero);
  calculateTaxTotal(t, zero, rr);
  roundTaxTotal(t, zero.exp);
  ref.tax = taxTotalToJson(t);
}
