import { Amount, Percentage } from '../num';
import type { JsonObject } from '../base/types';
import type { Combo } from './combo';
import { extEquals } from './extensions';
import { type RoundingRule, matchRoundingPrecision } from './rounding';

export interface RateTotal {
  country?: string;
  key?: string;
  ext?: Record<string, string>;
  base: Amount;
  percent?: Percentage;
  surcharge?: { percent: Percentage; amount: Amount };
  amount: Amount;
}

export interface CategoryTotal {
  code: string;
  retained: boolean;
  informative: boolean;
  rates: RateTotal[];
  amount: Amount;
  surcharge?: Amount;
}

/** The tax totals of a document: per category, per rate, and their sums. */
export interface TaxTotal {
  categories: CategoryTotal[];
  sum: Amount;
  retained?: Amount;
}

function rateMatches(rt: RateTotal, c: Combo): boolean {
  if (!extEquals(rt.ext, c.ext)) return false;
  if (rt.country !== c.country) return false;
  if (!rt.percent || !c.percent) return !rt.percent && !c.percent;
  if (rt.surcharge || c.surcharge) {
    if (!rt.surcharge || !c.surcharge) return false;
    if (!rt.surcharge.percent.equals(c.surcharge)) return false;
  }
  return rt.percent.equals(c.percent);
}

/** The same text for equal percentages whatever their decimals: 21%, 21.0% and 0.21 all give "0.21". */
function percentKey(p: Percentage | undefined): string {
  if (!p) return '-';
  return p.isZero() ? '0' : p.amount.minimalString();
}

/**
 * Where a combo's rate total is looked up: its category, country, extensions, percent and surcharge, each
 * normalised. Combos that `rateMatches` pairs always share it; `rateMatches` still decides within a group.
 */
function rateGroupKey(c: Combo): string {
  const ext = c.ext
    ? Object.keys(c.ext)
        .sort()
        .map((k) => [k, c.ext![k]])
    : [];
  const percent = c.percent ? `${percentKey(c.percent)}+${percentKey(c.surcharge)}` : '-';
  return JSON.stringify([c.cat, c.country ?? '', ext, percent]);
}

/**
 * Finds the rate total each combo adds to, creating categories and rates in order of first appearance.
 * Lookups go through maps, so grouping n combos costs O(n) however many distinct rates there are.
 */
export class RateTotals {
  /** The totals being grouped: categories and rates in order of first appearance, figures still to calculate. */
  readonly total: TaxTotal;
  private readonly categories = new Map<string, CategoryTotal>();
  private readonly groups = new Map<string, RateTotal[]>();

  constructor(private readonly zero: Amount) {
    this.total = { categories: [], sum: zero };
  }

  /** The rate total a combo adds to, created when missing. */
  for(c: Combo): RateTotal {
    const zero = this.zero;
    let ct = this.categories.get(c.cat);
    if (!ct) {
      ct = { code: c.cat, retained: c.retained, informative: c.informative, rates: [], amount: zero };
      this.categories.set(c.cat, ct);
      this.total.categories.push(ct);
    }
    const key = rateGroupKey(c);
    let group = this.groups.get(key);
    if (!group) {
      group = [];
      this.groups.set(key, group);
    }
    let rt = group.find((r) => rateMatches(r, c));
    if (!rt) {
      rt = { key: c.key, country: c.country, ext: c.ext, percent: c.percent, base: zero, amount: zero };
      if (c.surcharge) rt.surcharge = { percent: c.surcharge, amount: zero };
      ct.rates.push(rt);
      group.push(rt);
    }
    return rt;
  }
}

/** Applies each rate's percentage to its base and sums categories, retained apart, informative left out. */
export function calculateTaxTotal(t: TaxTotal, zero: Amount, rr: RoundingRule): void {
  t.sum = zero;
  for (const ct of t.categories) {
    calculateCategory(ct, zero, rr);
    if (ct.informative) continue;
    if (ct.retained) {
      let tr = t.retained ?? zero;
      tr = matchRoundingPrecision(rr, tr, ct.amount).add(ct.amount);
      if (ct.surcharge) tr = tr.add(ct.surcharge);
      t.retained = tr;
    } else {
      t.sum = matchRoundingPrecision(rr, t.sum, ct.amount).add(ct.amount);
      if (ct.surcharge) t.sum = t.sum.add(ct.surcharge);
    }
  }
}

function calculateCategory(ct: CategoryTotal, zero: Amount, rr: RoundingRule): void {
  ct.amount = zero;
  for (const rt of ct.rates) {
    if (!rt.percent) {
      rt.amount = zero; // exempt
      continue;
    }
    rt.amount = rt.percent.of(rt.base);
    ct.amount = matchRoundingPrecision(rr, ct.amount, rt.amount).add(rt.amount);
    if (rt.surcharge) {
      rt.surcharge.amount = rt.surcharge.percent.of(rt.base);
      const s = ct.surcharge ?? zero;
      ct.surcharge = matchRoundingPrecision(rr, s, rt.surcharge.amount).add(rt.surcharge.amount);
    }
  }
}

/** Rounds every figure to the currency's decimals. */
export function roundTaxTotal(t: TaxTotal, exp: number): void {
  for (const ct of t.categories) {
    for (const rt of ct.rates) {
      rt.amount = rt.amount.rescale(exp);
      rt.base = rt.base.rescale(exp);
      if (rt.surcharge) rt.surcharge.amount = rt.surcharge.amount.rescale(exp);
    }
    ct.amount = ct.amount.rescale(exp);
    if (ct.surcharge) ct.surcharge = ct.surcharge.rescale(exp);
  }
  t.sum = t.sum.rescale(exp);
  if (t.retained) t.retained = t.retained.rescale(exp);
}

export function taxTotalToJson(t: TaxTotal): JsonObject {
  const out: JsonObject = {};
  if (t.categories.length > 0) {
    out.categories = t.categories.map((ct) => {
      const o: JsonObject = { code: ct.code };
      if (ct.retained) o.retained = true;
      if (ct.informative) o.informative = true;
      o.rates = ct.rates.map((rt) => {
        const r: JsonObject = {};
        if (rt.country) r.country = rt.country;
        if (rt.key) r.key = rt.key;
        if (rt.ext) r.ext = { ...rt.ext };
        r.base = rt.base.toString();
        if (rt.percent) r.percent = rt.percent.toString();
        if (rt.surcharge) r.surcharge = { percent: rt.surcharge.percent.toString(), amount: rt.surcharge.amount.toString() };
        r.amount = rt.amount.toString();
        return r;
      });
      o.amount = ct.amount.toString();
      if (ct.surcharge) o.surcharge = ct.surcharge.toString();
      return o;
    });
  }
  out.sum = t.sum.toString();
  if (t.retained) out.retained = t.retained.toString();
  return out;
}

/** Reads tax totals from JSON (e.g. a preceding document's `tax`); amounts that fail to parse are zero. */
export function taxTotalFromJson(json: JsonObject, zero: Amount): TaxTotal {
  const t: TaxTotal = { categories: [], sum: Amount.from(json.sum) ?? zero };
  if (json.retained !== undefined) t.retained = Amount.from(json.retained);
  const cats = Array.isArray(json.categories) ? json.categories : [];
  for (const c of cats) {
    if (!c || typeof c !== 'object' || Array.isArray(c)) continue;
    const ct: CategoryTotal = {
      code: String(c.code ?? ''),
      retained: c.retained === true,
      informative: c.informative === true,
      rates: [],
      amount: Amount.from(c.amount) ?? zero,
      surcharge: Amount.from(c.surcharge),
    };
    for (const r of Array.isArray(c.rates) ? c.rates : []) {
      if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
      const s = r.surcharge as JsonObject | undefined;
      ct.rates.push({
        country: typeof r.country === 'string' ? r.country : undefined,
        key: typeof r.key === 'string' ? r.key : undefined,
        ext: r.ext && typeof r.ext === 'object' && !Array.isArray(r.ext) ? (r.ext as Record<string, string>) : undefined,
        base: Amount.from(r.base) ?? zero,
        percent: typeof r.percent === 'string' ? Percentage.parse(r.percent) : undefined,
        surcharge:
          s && typeof s === 'object' && typeof s.percent === 'string'
            ? { percent: Percentage.parse(s.percent), amount: Amount.from(s.amount) ?? zero }
            : undefined,
        amount: Amount.from(r.amount) ?? zero,
      });
    }
    t.categories.push(ct);
  }
  return t;
}
