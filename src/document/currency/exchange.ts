import { Amount } from '../num';
import type { JsonObject } from '../types';
import { subunits } from './def';

export interface ExchangeRate {
  from: string;
  to: string;
  amount: Amount;
}

/** Reads the document's `exchange_rates` list; entries without a usable rate are left out. */
export function readExchangeRates(list: unknown): ExchangeRate[] {
  if (!Array.isArray(list)) return [];
  const out: ExchangeRate[] = [];
  for (const r of list) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
    const o = r as JsonObject;
    const amount = Amount.from(o.amount);
    if (typeof o.from === 'string' && typeof o.to === 'string' && amount) out.push({ from: o.from, to: o.to, amount });
  }
  return out;
}

export function matchExchangeRate(rates: ExchangeRate[], from: string, to: string): ExchangeRate | undefined {
  if (from === to) return undefined;
  return rates.find((r) => r.from === from && r.to === to);
}

/** Converts with the rate, always ending at the target currency's decimals. */
export function convertWith(rate: ExchangeRate, amount: Amount): Amount {
  return amount.multiply(rate.amount).rescale(subunits(rate.to));
}

/** `amount` in `to`, or undefined when no rate links the two currencies. */
export function convert(rates: ExchangeRate[], from: string, to: string, amount: Amount): Amount | undefined {
  if (from === to) return amount;
  const rate = matchExchangeRate(rates, from, to);
  return rate ? convertWith(rate, amount) : undefined;
}
