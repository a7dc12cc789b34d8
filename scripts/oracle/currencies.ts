/** Currencies other than the regime's, with an exchange rate to it (or, on purpose, without). */
import type { JsonObject } from '../../src/document/base/types';
import type { Random } from './random';

/** Currencies with 2, 0 and 3 decimal places. */
const OTHERS = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'BHD', 'MXN', 'SEK'];

export interface CurrencyChoice {
  currency: string;
  exchangeRates?: JsonObject[];
}

export function currencyFor(rng: Random, regimeCurrency: string): CurrencyChoice {
  if (rng.chance(0.8)) return { currency: regimeCurrency };
  const currency = rng.pick(OTHERS.filter((c) => c !== regimeCurrency));
  const amount = rng.pick([() => rng.decimal(1, 4), () => rng.decimal(2, 6), () => rng.decimal(3, 2)])();
  return { currency, exchangeRates: [{ from: currency, to: regimeCurrency, amount: Number(amount) === 0 ? '1.1' : amount }] };
}
