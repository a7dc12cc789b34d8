export { currencyZero, isCurrency, subunits } from './def';
export { convert, convertWith, matchExchangeRate, readExchangeRates } from './exchange';
export type { ExchangeRate, ExchangeRates } from './exchange';
