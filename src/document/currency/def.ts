import { Amount } from '../num';

/** Known currency codes (ISO 4217 and a few common others); all have two decimal places unless listed below. */
const CODES = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BYR BZD ' +
  'CAD CDF CHF CLF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP ' +
  'GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
  'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD ' +
  'OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SKK SLE SLL SOS SRD SSP ' +
  'STD STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XAG XAU ' +
  'XBA XBB XBC XBD XCD XDR XOF XPD XPF XPT XTS YER ZAR ZMK ZMW BCH BTC JEP GGP IMP XFU GBX CNH USDC'
).split(' ');

const SUBUNITS: Record<string, number> = {};
for (const code of 'BIF BYR CLP DJF GNF HUF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XAG XAU XBA XBB XBC XBD XDR XOF XPD XPF XPT XTS'.split(
  ' ',
)) {
  SUBUNITS[code] = 0;
}
SUBUNITS.GBX = 1;
for (const code of 'BHD IQD JOD KWD LYD OMR TND'.split(' ')) SUBUNITS[code] = 3;
SUBUNITS.CLF = 4;
SUBUNITS.MGA = 5;
SUBUNITS.MRU = 5;
SUBUNITS.BCH = 8;
SUBUNITS.BTC = 8;

const KNOWN = new Set(CODES);

export function isCurrency(code: unknown): code is string {
  return typeof code === 'string' && KNOWN.has(code);
}

/** Decimal places of a currency's smallest unit; two when unknown. */
export function subunits(code: string | undefined): number {
  if (!code) return 2;
  return SUBUNITS[code] ?? 2;
}

/** Zero with the currency's decimals: the starting point of every sum. */
export function currencyZero(code: string | undefined): Amount {
  return Amount.zero(subunits(code));
}
