import { currencyZero, convert, type ExchangeRates } from '../currency';
import { CalculationError } from '../base/errors';
import { isObject, objects, str } from '../base/json';
import { Amount, Percentage } from '../num';
import { applyRoundingRule, type RoundingRule } from '../tax/rounding';
import type { JsonObject } from '../base/types';

/** Extra decimals lines keep under the "precise" rule until the final rounding. */
export const LINE_PRECISION_EXTRA = 2;

export interface CalcContext {
  currency: string;
  zero: Amount;
  rates: ExchangeRates;
  rr: RoundingRule;
}

/** A line discount or charge with its amount as calculated (more decimals than shown until rounded). */
export interface LineAdjustment {
  node: JsonObject;
  amount: Amount;
}

export interface LineState {
  node: JsonObject;
  quantity: Amount;
  sum?: Amount;
  total?: Amount;
  discounts: LineAdjustment[];
  charges: LineAdjustment[];
  breakdown: LineState[];
  substituted: LineState[];
}

function amountOr(json: unknown, fallback: Amount): Amount {
  return Amount.from(json) ?? fallback;
}

function newState(node: JsonObject): LineState {
  return {
    node,
    quantity: amountOr(node.quantity, Amount.zero(0)),
    discounts: [],
    charges: [],
    breakdown: [],
    substituted: [],
  };
}

/** Calculates every line: index, price in the document's currency, sum, discounts, charges and total. */
export function calculateLines(lines: JsonObject[], ctx: CalcContext): LineState[] {
  return lines.map((node, i) => {
    node.i = i + 1;
    const state = newState(node);
    try {
      calculateLine(state, ctx);
    } catch (err) {
      if (err instanceof CalculationError) throw new CalculationError(`lines: ${i}: ${err.message}`);
      throw err;
    }
    return state;
  });
}

function calculateLine(l: LineState, ctx: CalcContext): void {
  const item = l.node.item;
  if (!isObject(item)) return; // invalid; validation reports it
  l.substituted = objects(l.node.substituted).map((n, i) => {
    n.i = i + 1;
    const s = newState(n);
    calculateSubLine(s, ctx);
    return s;
  });
  const breakdown = objects(l.node.breakdown);
  if (breakdown.length > 0) {
    let np = ctx.zero;
    let hasPrice = false;
    l.breakdown = breakdown.map((n, i) => {
      n.i = i + 1;
      const s = newState(n);
      calculateSubLine(s, ctx);
      if (s.total) {
        hasPrice = true;
        np = np.matchPrecision(s.total).add(s.total);
      }
      return s;
    });
    if (hasPrice) {
      item.currency = ctx.currency;
      item.price = np.rescale(subLinePrecision(breakdown)).toString();
      delete item.alt_prices;
    }
  }
  if (item.price === undefined || item.price === null || item.price === '') {
    delete item.alt_prices;
    delete l.node.sum;
    delete l.node.total;
    zeroUncalculatedAdjustments(l.node);
    return;
  }
  const itemPrice = calculateItemPrice(item, ctx);
  const exp = ctx.zero.exp + (ctx.rr === 'precise' ? LINE_PRECISION_EXTRA : 0);
  const sum = applyRoundingRule(ctx.rr, ctx.zero.exp, itemPrice.rescaleUp(exp).multiply(l.quantity));
  let total = sum;
  total = calculateLineDiscounts(l, sum, total, ctx);
  total = calculateLineCharges(l, sum, total, ctx);
  l.sum = sum;
  l.total = total;
}

/**
 * Without a price nothing is calculated, but an adjustment's amount is a plain (not optional) field in GOBL:
 * one the input left out is written as zero, one it gave is kept as given.
 */
function zeroUncalculatedAdjustments(node: JsonObject): void {
  for (const a of [...objects(node.discounts), ...objects(node.charges)]) {
    if (a.amount === undefined || a.amount === null) a.amount = '0';
  }
}

/** Sub-lines keep full precision: they only set the parent's price. */
function calculateSubLine(s: LineState, ctx: CalcContext): void {
  const item = s.node.item;
  if (!isObject(item)) return;
  if (item.price === undefined || item.price === null || item.price === '') {
    delete s.node.sum;
    delete s.node.total;
    zeroUncalculatedAdjustments(s.node);
    return;
  }
  let price = calculateItemPrice(item, ctx);
  if (ctx.rr === 'precise') price = price.rescaleUp(ctx.zero.exp + LINE_PRECISION_EXTRA);
  const sum = applyRoundingRule(ctx.rr, ctx.zero.exp, price.multiply(s.quantity));
  let total = sum;
  total = calculateLineDiscounts(s, sum, total, ctx);
  total = calculateLineCharges(s, sum, total, ctx);
  s.sum = sum;
  s.total = total;
}

function subLinePrecision(nodes: JsonObject[]): number {
  let e = 0;
  for (const n of nodes) {
    if (!isObject(n.item)) continue;
    const p = Amount.from(n.item.price);
    if (p && p.exp > e) e = p.exp;
  }
  return e;
}

/** The base of a percentage: the line sum, or the adjustment's own `base` widened and rounded by the rule. */
function percentBase(node: JsonObject, sum: Amount, ctx: CalcContext): Amount {
  const given = Amount.from(node.base);
  if (!given) return sum;
  const b = given.rescaleUp(ctx.zero.exp);
  node.base = b.toString();
  return applyRoundingRule(ctx.rr, ctx.zero.exp, b.rescaleUp(ctx.zero.exp + LINE_PRECISION_EXTRA));
}

function calculateLineDiscounts(l: LineState, sum: Amount, total: Amount, ctx: CalcContext): Amount {
  l.discounts = objects(l.node.discounts).map((node) => {
    let amount = amountOr(node.amount, Amount.zero(0));
    const percent = Percentage.from(node.percent);
    if (percent) amount = percent.of(percentBase(node, sum, ctx));
    amount = amount.rescaleUp(ctx.zero.exp);
    total = total.subtract(amount);
    return { node, amount };
  });
  return total;
}

function calculateLineCharges(l: LineState, sum: Amount, total: Amount, ctx: CalcContext): Amount {
  l.charges = objects(l.node.charges).map((node) => {
    let amount = amountOr(node.amount, Amount.zero(0));
    const percent = Percentage.from(node.percent);
    if (percent) amount = percent.of(percentBase(node, sum, ctx));
    const rate = Amount.from(node.rate);
    if (rate) amount = rate.multiply(Amount.from(node.quantity) ?? l.quantity);
    amount = amount.rescaleUp(ctx.zero.exp);
    total = total.add(amount);
    return { node, amount };
  });
  return total;
}

/**
 * Brings the item's price into the document's currency: from a matching alternative price, or through an exchange rate.
 * The original price is kept as an alternative. Returns the price used.
 */
function calculateItemPrice(item: JsonObject, ctx: CalcContext): Amount {
  const given = Amount.from(item.price);
  if (!given) throw new CalculationError('item: invalid price');
  const icur = str(item.currency) || ctx.currency;
  let price = given.matchPrecision(currencyZero(icur));
  if (!item.currency || item.currency === ctx.currency) {
    item.price = price.toString();
    return price;
  }
  const original: JsonObject = { currency: icur, value: price.toString() };
  for (const ap of objects(item.alt_prices)) {
    if (ap.currency === ctx.currency) {
      item.currency = ctx.currency;
      price = amountOr(ap.value, Amount.zero(0)).matchPrecision(currencyZero(ctx.currency));
      item.price = price.toString();
      item.alt_prices = [original];
      return price;
    }
  }
  const converted = convert(ctx.rates, icur, ctx.currency, price);
  if (!converted) throw new CalculationError(`item: no exchange rate found from '${icur}' to '${ctx.currency}'`);
  item.price = converted.toString();
  item.currency = ctx.currency;
  item.alt_prices = [original];
  return converted;
}

/** Sum of the line totals, widening to the most precise one. */
export function lineSum(lines: LineState[], zero: Amount): Amount {
  let sum = zero;
  for (const l of lines) {
    if (!l.total) continue;
    sum = sum.matchPrecision(l.total).add(l.total);
  }
  return sum;
}

/** Final rounding: nothing on a line shows more decimals than its item's price, then the figures are written. */
export function roundLine(l: LineState): void {
  writeQuantity(l);
  const item = l.node.item;
  const price = isObject(item) ? Amount.from(item.price) : undefined;
  if (!price) {
    writeAdjustments(l);
    for (const s of [...l.breakdown, ...l.substituted]) writeSubLine(s, undefined);
    return;
  }
  const e = price.exp;
  if (l.sum) l.node.sum = l.sum.rescaleDown(e).toString();
  if (l.total) l.node.total = l.total.rescaleDown(e).toString();
  for (const a of [...l.discounts, ...l.charges]) a.amount = a.amount.rescaleDown(e);
  writeAdjustments(l);
  for (const s of [...l.breakdown, ...l.substituted]) writeSubLine(s, e);
}

/** Sub-lines round their sum and total to the parent's price decimals; their adjustments stay as calculated. */
function writeSubLine(s: LineState, e: number | undefined): void {
  writeQuantity(s);
  if (s.sum) s.node.sum = (e === undefined ? s.sum : s.sum.rescaleDown(e)).toString();
  if (s.total) s.node.total = (e === undefined ? s.total : s.total.rescaleDown(e)).toString();
  writeAdjustments(s);
}

function writeQuantity(l: LineState): void {
  l.node.quantity = l.quantity.toString();
}

function writeAdjustments(l: LineState): void {
  for (const a of [...l.discounts, ...l.charges]) {
    a.node.amount = a.amount.toString();
    if (a.node.percent !== undefined && a.node.percent !== null && a.node.percent !== '') {
      a.node.percent = Percentage.from(a.node.percent)!.toString();
    }
  }
}
