import { CalculationError } from '../base/errors';
import type { Amount } from '../num';
import type { Regime } from './regime-def';
import type { JsonObject } from '../base/types';
import { type Combo, calculateCombo } from './combo';
import type { RoundingRule } from './rounding';
import { RateTotals, type TaxTotal, calculateTaxTotal } from './totals';

/** What the tax calculator needs from a line, discount or charge: its combos and its total before tax. */
export interface TaxableLine {
  taxes: JsonObject[];
  total: Amount;
}

export interface TotalsCalculatorInput {
  regime?: Regime;
  rounding: RoundingRule;
  zero: Amount;
  /** Tax date, YYYY-MM-DD. */
  date: string;
  lines: TaxableLine[];
  /** Category whose tax the prices already include. */
  includes?: string;
}

/** Groups line totals by category and rate, then applies the percentages. Linear in the number of lines. */
export function calculateTaxTotals(input: TotalsCalculatorInput): TaxTotal {
  const { zero, rounding } = input;
  const rates = new RateTotals(zero);
  const prepared: { total: Amount; combos: Combo[] }[] = [];
  for (const line of input.lines) {
    let total = line.total;
    const combos: Combo[] = [];
    for (const node of line.taxes) {
      combos.push(calculateCombo(node, input.regime, input.date));
      total = total.rescaleUp(zero.exp + 2); // tax figures always carry two extra decimals
    }
    prepared.push({ total, combos });
  }
  if (input.includes) {
    for (const p of prepared) {
      const c = p.combos.find((x) => x.cat === input.includes);
      if (!c) continue;
      if (c.retained) throw new CalculationError(`prices cannot include retained category '${input.includes}'`);
      if (c.informative) throw new CalculationError(`prices cannot include informative category '${input.includes}'`);
      if (!c.percent) continue;
      p.total = c.percent.removeFrom(p.total);
    }
  }
  for (const p of prepared) {
    for (const c of p.combos) {
      const rt = rates.for(c);
      rt.base = (rounding === 'currency' ? rt.base : rt.base.matchPrecision(p.total)).add(p.total);
    }
  }
  calculateTaxTotal(rates.total, zero, rounding);
  return rates.total;
}
