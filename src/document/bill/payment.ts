import { convertWith, currencyZero, matchExchangeRate, readExchangeRates, type ExchangeRate, type ExchangeRates } from '../currency';
import { CalculationError } from '../base/errors';
import { isObject, objects, str } from '../base/json';
import { Amount, Percentage } from '../num';
import type { RoundingRule } from '../tax/rounding';
import { calculateTaxTotal, roundTaxTotal, type TaxTotal, taxTotalFromJson, taxTotalToJson } from '../tax/totals';
import type { JsonObject } from '../base/types';
import { type BillContext, calculateIssueDate } from './calculate';

/**
 * A payment's own calculation: each line's payable, due and proportional tax, the total paid (refunds subtract),
 * and method amounts (a single method without amount takes the total).
 */
export function calculatePayment(doc: JsonObject, ctx: BillContext): void {
  const regime = ctx.regime;
  const rr: RoundingRule = regime?.calculatorRoundingRule ?? 'precise';
  calculateIssueDate(doc, ctx);
  if (!str(doc.currency) && regime) doc.currency = regime.currency;
  const currency = str(doc.currency);
  if (!currency) throw new CalculationError('currency: required, unable to determine');
  const rates = readExchangeRates(doc.exchange_rates);

  let total: Amount | undefined;
  objects(doc.lines).forEach((line, i) => {
    line.i = i + 1;
    const amount = calculatePaymentLine(line, rates, currency, rr, i + 1);
    const a = line.refund === true ? amount.negate() : amount;
    total = total ? total.add(a) : a;
  });
  const docTotal = total ?? Amount.from(doc.total) ?? Amount.zero(0);
  doc.total = docTotal.toString();

  const methods = objects(doc.methods);
  for (const m of methods) {
    const p = Percentage.from(m.percent);
    if (p) {
      m.amount = p.of(docTotal).toString();
      m.percent = p.toString();
    } else {
      m.amount = (Amount.from(m.amount) ?? Amount.zero(0)).toString();
    }
  }
  if (methods.length === 1) {
    const m = methods[0];
    const amount = Amount.from(m.amount);
    if ((!amount || amount.isZero()) && !str(m.currency)) m.amount = docTotal.toString();
  }
}

function calculatePaymentLine(line: JsonObject, rates: ExchangeRates, currency: string, rr: RoundingRule, index: number): Amount {
  const amount = Amount.from(line.amount) ?? Amount.zero(0);
  line.amount = amount.toString();
  const zero = currencyZero(currency);
  let lt: TaxTotal | undefined;
  const doc = isObject(line.document) ? line.document : undefined;
  if (doc) {
    let er: ExchangeRate | undefined;
    const dc = str(doc.currency);
    if (dc) {
      er = matchExchangeRate(rates, dc, currency);
      if (!er) throw new CalculationError(`lines: ${index}: document: currency: missing exchange rate from ${dc} to ${currency}`);
    }
    if (isObject(doc.tax)) {
      const t = taxTotalFromJson(doc.tax, zero);
      calculateTaxTotal(t, zero, rr);
      roundTaxTotal(t, zero.exp);
      doc.tax = taxTotalToJson(t);
      lt = taxTotalFromJson(doc.tax, zero);
      if (er) {
        const rate = er;
        for (const ct of lt.categories) for (const r of ct.rates) r.base = convertWith(rate, r.base);
        calculateTaxTotal(lt, currencyZero(rate.to), rr);
      }
    }
    const payable = Amount.from(doc.payable);
    if (payable) line.payable = (er ? convertWith(er, payable) : payable).toString();
  }
  const payable = Amount.from(line.payable);
  if (payable) {
    if (lt) {
      const factor = amount.upscale(2).divide(payable);
      if (!factor.isZero()) {
        for (const ct of lt.categories) for (const r of ct.rates) r.base = r.base.multiply(factor);
        calculateTaxTotal(lt, zero, rr);
      }
      line.tax = taxTotalToJson(lt);
    } else if (isObject(line.tax)) {
      recalculateTax(line, zero, rr);
    }
    let due = payable;
    const advances = Amount.from(line.advances);
    if (advances) due = due.subtract(advances);
    line.due = due.subtract(amount).toString();
  } else if (isObject(line.tax)) {
    recalculateTax(line, zero, rr);
  }
  return amount;
}

function recalculateTax(line: JsonObject, zero: Amount, rr: RoundingRule): void {
  const t = taxTotalFromJson(line.tax as JsonObject, zero);
  calculateTaxTotal(t, zero, rr);
  line.tax = taxTotalToJson(t);
}
