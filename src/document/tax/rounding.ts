import type { Amount } from '../num';

/**
 * GOBL's two rounding rules. "precise" (the default) keeps extra decimals through every sum and rounds at the end;
 * "currency" rounds each line's figures to the currency first, so totals add up from what is shown.
 */
export type RoundingRule = 'precise' | 'currency';

/** Accepts the rule names and their older aliases; anything else is the default. */
export function roundingRuleOf(value: unknown): RoundingRule | undefined {
  if (value === 'precise' || value === 'sum-then-round') return 'precise';
  if (value === 'currency' || value === 'round-then-sum') return 'currency';
  return undefined;
}

/** An amount in a figure of the document: at the currency's decimals under "currency", at least those under "precise". */
export function applyRoundingRule(rr: RoundingRule, exp: number, amount: Amount): Amount {
  return rr === 'currency' ? amount.rescale(exp) : amount.rescaleUp(exp);
}

/** Before adding `b` to the running sum `a`: "precise" widens `a` to `b`'s decimals, "currency" keeps `a` as it is. */
export function matchRoundingPrecision(rr: RoundingRule, a: Amount, b: Amount): Amount {
  return rr === 'currency' ? a : a.matchPrecision(b);
}
