import { Amount } from '../num';
import { objects, str } from '../rules/values';
import type { JsonObject } from '../base/types';
import { subunits } from './def';

export interface ExchangeRate {
  from: string;
  to: string;
  amount: Amount;
}

/** A document's exchange rates by currency pair; the first rate listed for a pair is the one used. */
export type ExchangeRates = ReadonlyMap<string, ExchangeRate>;

const pairKey = (from: string, to: string) => `${from}\u0000${to}`;

/** Reads the document's `exchange_rates` list; entries without a usable rate are left out. */
export function readExchangeRates(list: unknown): ExchangeRates {
  const out = new Map<string, ExchangeRate>();
  if (!Array.isArray(list)) return out;
  for (const r of list) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
    const o = r as JsonObject;
    const amount = Amount.from(o.amount);
    if (typeof o.from !== 'string' || typeof o.to !== 'string' || !amount) continue;
    const key = pairKey(o.from, o.to);
    if (!out.has(key)) out.set(key, { from: o.from, to: o.to, amount });
  }
  return out;
}

export function matchExchangeRate(rates: ExchangeRates, from: string, to: string): ExchangeRate | undefined {
  if (from === to) return undefined;
  return rates.get(pairKey(from, to));
}

/** Converts with the rate, always ending at the target currency's decimals. */
export function convertWith(rate: ExchangeRate, amount: Amount): Amount {
  return amount.multiply(rate.amount).rescale(subunits(rate.to));
}

/** `amount` in `to`, or undefined when no rate links the two currencies. */
export function convert(rates: ExchangeRates, from: string, to: string, amount: Amount): Amount | undefined {
  if (from === to) return amount;
  const rate = matchExchangeRate(rates, from, to);
  return rate ? convertWith(rate, amount) : undefined;
}

/** The document's currency is the target, or one of its exchange rates leads to it. */
export function canConvertTo(doc: JsonObject, target: string): boolean {
  const currency = str(doc, 'currency');
  if (currency === target) return true;
  return objects(doc, 'exchange_rates').some((r) => str(r, 'from') === currency && str(r, 'to') === target);
}
