import { CalculationError } from '../base/errors';
import { Percentage } from '../num';
import { regimeFor } from './registry';
import type { Regime, TaxCategory, TaxRate } from './regime-def';
import type { JsonObject } from '../base/types';
import { categoryDef } from './categories';
import { extContains, extOf } from './extensions';

/** A line's tax combo, resolved: what the totals calculator needs from it. */
export interface Combo {
  node: JsonObject;
  cat: string;
  country?: string;
  key?: string;
  ext?: Record<string, string>;
  percent?: Percentage;
  surcharge?: Percentage;
  retained: boolean;
  informative: boolean;
}

/** Legacy VAT rate names that are really keys, and `standard` which became `general`. */
export function normalizeCombo(c: JsonObject): void {
  if (c.percent !== undefined && c.percent !== null && c.percent !== '') c.percent = Percentage.from(c.percent)!.toString();
  if (c.surcharge !== undefined && c.surcharge !== null && c.surcharge !== '') {
    c.surcharge = Percentage.from(c.surcharge)!.toString();
  }
  if (c.cat !== 'VAT') return;
  const rate = typeof c.rate === 'string' ? c.rate : '';
  switch (rate) {
    case 'zero':
      c.key = 'zero';
      delete c.rate;
      if (c.percent === undefined) c.percent = '0%';
      break;
    case 'exempt':
      c.key = 'exempt';
      delete c.rate;
      break;
    case 'exempt+reverse-charge':
      c.key = 'reverse-charge';
      delete c.rate;
      delete c.percent;
      break;
    case 'exempt+export':
      c.key = 'export';
      delete c.rate;
      break;
    case 'exempt+eea':
    case 'exempt+export+eea':
      c.key = 'intra-community';
      delete c.rate;
      break;
    default:
      if (rate === 'standard') c.rate = 'general';
      else if (rate.startsWith('standard+')) c.rate = `general+${rate.slice('standard+'.length)}`;
  }
  const key = typeof c.key === 'string' ? c.key : '';
  if (key === '') {
    const p = typeof c.percent === 'string' ? Percentage.parse(c.percent) : undefined;
    if (p && p.isZero()) c.key = 'zero';
  } else if (key === 'zero' && c.percent === undefined) {
    c.percent = '0%';
  }
}

function rateHasKey(r: TaxRate, key: string): boolean {
  if ((!r.keys || r.keys.length === 0) && key === '') return true;
  return (r.keys ?? []).includes(key);
}

/** The rate definition for a key and rate name; "general+eqs" falls back to "general" when no exact match. */
export function rateDef(cd: TaxCategory, key: string, rate: string): TaxRate | undefined {
  let second: TaxRate | undefined;
  const head = rate.split('+', 1)[0];
  for (const r of cd.rates) {
    if (!rateHasKey(r, key)) continue;
    if (r.rate === rate) return r;
    if (second === undefined && head === r.rate) second = r;
  }
  return second;
}

/** The value in force on `date` (newest first), the first whose extensions the combo carries. */
function rateValue(r: TaxRate, date: string, ext: Record<string, string> | undefined) {
  for (const v of r.values) {
    if (v.ext && Object.keys(v.ext).length > 0 && !extContains(ext, v.ext)) continue;
    if (!v.since || v.since <= date) return v;
  }
  return undefined;
}

/**
 * Resolves a combo's key and percentages from the regime on the tax date, writing them on the node.
 * `country` is the document's regime; a combo for another country uses that country's table.
 */
export function calculateCombo(c: JsonObject, regime: Regime | undefined, date: string): Combo {
  const cat = typeof c.cat === 'string' ? c.cat : '';
  let r = regime;
  if (typeof c.country === 'string' && c.country !== '') {
    if (regime && c.country === regime.country) delete c.country;
    else r = regimeFor(c.country);
  }
  const combo: Combo = { node: c, cat, retained: false, informative: false };
  const cd = categoryDef(r, cat);
  if (r && !cd) throw new CalculationError(`tax category '${cat}' is not defined in the regime`);
  if (cd) {
    combo.retained = cd.retained === true;
    combo.informative = cd.informative === true;
    if (cd.keys && cd.keys.length > 0 && (c.key === undefined || c.key === '')) c.key = 'standard';
    const key = typeof c.key === 'string' ? c.key : '';
    const kd = cd.keys?.find((k) => k.key === key);
    if (kd && kd.noPercent) {
      delete c.percent;
      delete c.surcharge;
    } else {
      prepareRate(c, cd, key, date);
    }
  }
  combo.country = typeof c.country === 'string' && c.country !== '' ? c.country : undefined;
  combo.key = typeof c.key === 'string' && c.key !== '' ? c.key : undefined;
  combo.ext = extOf(c.ext);
  combo.percent = typeof c.percent === 'string' && c.percent !== '' ? Percentage.parse(c.percent) : undefined;
  combo.surcharge = typeof c.surcharge === 'string' && c.surcharge !== '' ? Percentage.parse(c.surcharge) : undefined;
  return combo;
}

function prepareRate(c: JsonObject, cd: TaxCategory, key: string, date: string): void {
  const rate = typeof c.rate === 'string' ? c.rate : '';
  if (rate === '') return;
  const def = rateDef(cd, key, rate);
  if (!def) {
    throw new CalculationError(
      key === ''
        ? `rate '${rate}' is not defined in category '${cd.code}'`
        : `rate '${rate}' is not defined for key '${key}' in category '${cd.code}'`,
    );
  }
  if (def.values.length === 0) return;
  const value = rateValue(def, date, extOf(c.ext));
  if (!value) throw new CalculationError(`no value of rate '${rate}' in '${cd.code}' on ${date}`);
  c.percent = Percentage.parse(value.percent).toString();
  if (value.surcharge) c.surcharge = Percentage.parse(value.surcharge).toString();
  else delete c.surcharge;
}
