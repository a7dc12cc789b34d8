/** Tax combos for a line, chosen from a regime's own categories, rates and keys. */
import type { Regime, TaxCategory, TaxRate } from '../../src/document/tax/regime-def';
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';

const SPECIAL_KEYS = ['zero', 'exempt', 'reverse-charge', 'export', 'intra-community', 'outside-scope'];

/** The categories a line can be taxed with: those with rates or keys, or any percent. */
function chargeable(regime: Regime): TaxCategory[] {
  return regime.categories.filter((c) => !c.retained && !c.informative);
}

function percentText(rng: Random): string {
  return rng.pick(['21%', '21.0%', '10%', '5.5%', '7.25%', '0%', '4.0%', '12.5%', '19%']);
}

/** The rates of a category that have a value on `date` (a rate introduced later has none). */
function ratesOn(cat: TaxCategory, date: string): TaxRate[] {
  return cat.rates.filter((r) => !r.exempt && r.values.some((v) => !v.since || v.since <= date));
}

/** One combo of a category: a rate key, a tax key, or a bare percent. */
function combo(rng: Random, cat: TaxCategory, date: string): JsonObject {
  const out: JsonObject = { cat: cat.code };
  const keys = (cat.keys ?? []).filter((k) => SPECIAL_KEYS.includes(k.key) || k.key === 'standard');
  const rates = ratesOn(cat, date);
  if (keys.length > 0 && rng.chance(0.12)) {
    const key = rng.pick(keys);
    out.key = key.key;
    if (!key.noPercent) {
      if (key.key === 'standard' && rates.length > 0) out.rate = rng.pick(rates).rate;
      else out.percent = percentText(rng);
    }
    return out;
  }
  if (rates.length > 0 && rng.chance(0.85)) out.rate = rng.pick(rates).rate;
  else out.percent = percentText(rng);
  return out;
}

/** Extensions real documents of the regime carry on their combos (Portugal's region, most of the time). */
function regimeExtensions(rng: Random, regime: Regime, combo: JsonObject): void {
  if (regime.country === 'PT' && combo.cat === 'VAT' && rng.chance(0.7))
    combo.ext = { 'pt-region': rng.pick(['PT', 'PT', 'PT-AC', 'PT-MA']) };
}

/** The taxes of one line: usually the regime's main category, sometimes a second one or a retention. */
export function lineTaxes(rng: Random, regime: Regime, date: string, withRetained: boolean): JsonObject[] {
  const cats = chargeable(regime);
  if (cats.length === 0) return [];
  const main = cats[0];
  const list: JsonObject[] = [combo(rng, rng.chance(0.85) ? main : rng.pick(cats), date)];
  const second = cats.find((c) => c.code !== list[0].cat);
  if (second && rng.chance(0.08)) list.push(combo(rng, second, date));
  for (const c of list) regimeExtensions(rng, regime, c);
  const retained = regime.categories.filter((c) => c.retained);
  if (withRetained && retained.length > 0) {
    const cat = rng.pick(retained);
    const rates = ratesOn(cat, date);
    list.push(
      rates.length > 0 && rng.chance(0.7)
        ? { cat: cat.code, rate: rng.pick(rates).rate }
        : { cat: cat.code, percent: rng.pick(['15%', '7%', '19%', '1.5%']) },
    );
  }
  return list;
}

/** A tax combo written with the right category but a rate the regime does not have. */
export function unknownRateCombo(regime: Regime): JsonObject {
  const cat = chargeable(regime)[0] ?? regime.categories[0];
  return { cat: cat?.code ?? 'VAT', rate: 'ultra-mega' };
}
