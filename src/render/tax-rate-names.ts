import type { JsonObject } from '../document/base/types';
import { objectAt, objectsAt, stringAt } from './json-read';

/** "21.0%" and "21%" alike: a percentage compared by its value, not its writing. */
const percentValue = (value: string | undefined): number | undefined => {
  const n = value === undefined ? NaN : Number.parseFloat(value.replace('%', ''));
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The name of each row of a tax breakdown, as GOBL names it. GOBL's rate totals keep only the tax key (`standard`,
 * `zero`, `exempt`...), the same for every VAT rate of a country; the rate's own key (`general`, `reduced`,
 * `super-reduced`) is on the lines' taxes. So a row takes the rate key of the lines with its category and
 * percentage, and its tax key only when no line names a rate (a percentage given as such).
 */
export function taxRateNamer(doc: JsonObject): (category: string, rate: JsonObject) => string {
  const rateKeys = new Map<string, string>();
  const holders = [...objectsAt(doc.lines), ...objectsAt(doc.discounts), ...objectsAt(doc.charges)];
  for (const holder of holders) {
    for (const combo of objectsAt(holder.taxes)) {
      const name = stringAt(combo.rate);
      const cat = stringAt(combo.cat);
      if (!name || !cat) continue;
      const slot = `${cat.toUpperCase()}|${percentValue(stringAt(combo.percent)) ?? ''}`;
      if (!rateKeys.has(slot)) rateKeys.set(slot, name);
    }
  }
  return (category, rate) => {
    const found = rateKeys.get(`${category.toUpperCase()}|${percentValue(stringAt(rate.percent)) ?? ''}`);
    const surcharge = objectAt(rate.surcharge);
    // A rate with a surcharge is GOBL's "+eqs" rate of the same name; the surcharge has its own column.
    const bare = found && surcharge ? found.replace(/\+eqs$/, '') : found;
    return bare ?? stringAt(rate.key) ?? '';
  };
}
