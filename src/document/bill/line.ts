import { isObject } from '../base/json';
import { Amount, Percentage } from '../num';
import type { Json, JsonObject } from '../base/types';

/** A negative price is written as a positive price with a negative quantity. */
export function normalizeLineItemPrice(line: JsonObject): void {
  const item = line.item;
  if (!isObject(item)) return;
  const price = Amount.from(item.price);
  if (!price || !price.isNegative()) return;
  item.price = price.negate().toString();
  line.quantity = (Amount.from(line.quantity) ?? Amount.zero(0)).negate().toString();
}

function emptyText(v: Json | undefined): boolean {
  return v === undefined || v === null || v === '';
}

/** A line discount or charge with nothing in it (no key, code, reason, percentage, amount or extensions). */
export function isEmptyAdjustment(a: JsonObject): boolean {
  if (!emptyText(a.key) || !emptyText(a.code) || !emptyText(a.reason)) return false;
  const p = emptyText(a.percent) ? undefined : Percentage.from(a.percent);
  if (p && !p.isZero()) return false;
  const amount = emptyText(a.amount) ? undefined : Amount.from(a.amount);
  if (amount && !amount.isZero()) return false;
  return !(isObject(a.ext) && Object.keys(a.ext).length > 0);
}

/** Keeps only objects that are not empty adjustments; removes the field when nothing remains. */
export function cleanAdjustments(node: JsonObject, field: string): void {
  const list = node[field];
  if (!Array.isArray(list)) return;
  const kept = list.filter((a) => isObject(a) && !isEmptyAdjustment(a));
  if (kept.length > 0) node[field] = kept;
  else delete node[field];
}

/** A sub-line with none of the fields GOBL checks is dropped from a breakdown. */
function isEmptySubLine(s: Json): boolean {
  if (!isObject(s)) return true;
  for (const f of ['uuid', 'identifier', 'period', 'order', 'cost', 'item', 'sum', 'discounts', 'charges', 'total', 'notes']) {
    const v = s[f];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    return false;
  }
  const q = emptyText(s.quantity) ? undefined : Amount.from(s.quantity);
  return !q || q.isZero();
}

export function normalizeLine(line: JsonObject, sub: boolean): void {
  normalizeLineItemPrice(line);
  if (!sub && Array.isArray(line.taxes)) {
    const taxes = line.taxes.filter(isObject);
    if (taxes.length > 0) line.taxes = taxes;
    else delete line.taxes;
  }
  cleanAdjustments(line, 'discounts');
  cleanAdjustments(line, 'charges');
  if (!sub && Array.isArray(line.breakdown)) {
    const kept = line.breakdown.filter((s) => !isEmptySubLine(s));
    if (kept.length > 0) line.breakdown = kept;
    else delete line.breakdown;
  }
}
