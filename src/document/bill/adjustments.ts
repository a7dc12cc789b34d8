import { objects } from '../base/json';
import { Amount, Percentage } from '../num';
import { applyRoundingRule } from '../tax/rounding';
import type { TaxableLine } from '../tax/totals-calculate';
import type { Json, JsonObject } from '../base/types';
import { type CalcContext, LINE_PRECISION_EXTRA } from './line-calculate';

/** A document-level discount or charge with its calculated amount. */
export interface Adjustment {
  node: JsonObject;
  amount: Amount;
}

/** Indexes and calculates document discounts or charges: a percentage of the line sum (or of `base`), or a fixed amount. */
export function calculateAdjustments(list: Json | undefined, sum: Amount, ctx: CalcContext): Adjustment[] {
  return objects(list).map((node, i) => {
    node.i = i + 1;
    let amount = Amount.from(node.amount) ?? Amount.zero(0);
    const percent = Percentage.from(node.percent);
    if (percent) {
      let base = sum;
      const given = Amount.from(node.base);
      if (given) base = applyRoundingRule(ctx.rr, ctx.zero.exp, given.rescaleUp(ctx.zero.exp + LINE_PRECISION_EXTRA));
      amount = percent.of(base);
    }
    amount = applyRoundingRule(ctx.rr, ctx.zero.exp, amount);
    return { node, amount };
  });
}

/** The sum of the amounts, or undefined when the document has none. */
export function adjustmentSum(list: Adjustment[], zero: Amount): Amount | undefined {
  if (list.length === 0) return undefined;
  let total = zero;
  for (const a of list) total = total.matchPrecision(a.amount).add(a.amount);
  return total;
}

/** Discounts lower the taxable base, charges raise it. */
export function adjustmentTaxLines(list: Adjustment[], negative: boolean): TaxableLine[] {
  return list.map((a) => ({
    taxes: objects(a.node.taxes),
    total: negative ? a.amount.negate() : a.amount,
  }));
}

/** Rounds to the currency, or to the decimals of the given base, and writes the figures. */
export function roundAdjustments(list: Adjustment[], zero: Amount): void {
  for (const a of list) {
    const base = Amount.from(a.node.base);
    a.amount = a.amount.rescaleDown(base ? base.exp : zero.exp);
    a.node.amount = a.amount.toString();
    if (a.node.percent !== undefined && a.node.percent !== null && a.node.percent !== '') {
      a.node.percent = Percentage.from(a.node.percent)!.toString();
    }
  }
}
