import Decimal from 'decimal.js';

/*
 * Amounts are integers scaled by a number of decimals, computed with BigInt: exact, as GOBL's int64 arithmetic
 * is within its range, and far cheaper than a decimal library (each calculation does a few per line).
 */

/** Numbers in exponent notation are written out in full digits by decimal.js (see numberText). */
const NumberText = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN, toExpNeg: -200, toExpPos: 200 });

const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
/** Digits an amount may carry, as GOBL's int64 storage allows. */
export const AMOUNT_MAX_DIGITS = 18;

/** Powers of ten by exponent; amounts carry at most a few dozen decimals, so larger exponents are not kept. */
const POW10_CACHED = 64;
const pow10Cache: bigint[] = [];
function pow10(exp: number): bigint {
  if (exp > POW10_CACHED) return 10n ** BigInt(exp);
  let p = pow10Cache[exp];
  if (p === undefined) {
    p = 10n ** BigInt(exp);
    pow10Cache[exp] = p;
  }
  return p;
}

/** Integer division rounding half away from zero. */
function roundedDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < (den < 0n ? -den : den)) return q;
  return num < 0n !== den < 0n ? q - 1n : q + 1n;
}

/** GOBL stores amounts in 64 bits: drop decimals (rounding) until the value fits, then saturate. */
function fit(v: bigint, exp: number): Amount {
  if (v <= INT64_MAX && v >= INT64_MIN) return Amount.ofInteger(v, exp);
  let drop = 0;
  let probe = v;
  while ((probe > INT64_MAX || probe < INT64_MIN) && drop < exp) {
    probe /= 10n;
    drop++;
  }
  let out = drop > 0 ? roundedDiv(v, pow10(drop)) : v;
  if (out > INT64_MAX) out = INT64_MAX;
  if (out < INT64_MIN) out = INT64_MIN;
  return Amount.ofInteger(out, exp - drop);
}

export class AmountError extends Error {}

/**
 * A fixed-point number: an integer `value` and the count of decimal places `exp`, so "1800.00" is (180000, 2).
 * The number of decimals is part of the value, as in GOBL: it decides how results are rounded and printed.
 */
export class Amount {
  private constructor(
    readonly value: bigint,
    readonly exp: number,
  ) {}

  static make(value: bigint | number, exp = 0): Amount {
    return new Amount(BigInt(value), exp);
  }

  /** The amount `value` × 10^-`exp`, as it is (see `fit` for one that must fit GOBL's 64 bits). */
  static ofInteger(value: bigint, exp: number): Amount {
    return new Amount(value, exp);
  }

  static zero(exp = 0): Amount {
    return new Amount(0n, exp);
  }

  /** Parses "12.30" or "-4"; decimals beyond what fits in 18 digits are cut, as GOBL does. */
  static parse(text: string): Amount {
    // One scan of the text: this runs for every amount of every document.
    const negative = text.startsWith('-');
    const start = negative ? 1 : 0;
    const dot = text.indexOf('.', start);
    if (dot >= 0 && text.indexOf('.', dot + 1) >= 0) throw new AmountError(`invalid amount: ${text}`);
    const majorEnd = dot < 0 ? text.length : dot;
    const digitsStart = text[start] === '+' ? start + 1 : start;
    if (digitsStart === majorEnd || !allDigits(text, digitsStart, majorEnd)) throw new AmountError(`invalid amount: ${text}`);
    let firstSignificant = digitsStart;
    while (firstSignificant < majorEnd && text[firstSignificant] === '0') firstSignificant++;
    const significant = majorEnd - firstSignificant;
    if (significant > AMOUNT_MAX_DIGITS) throw new AmountError(`amount has too many digits: ${text}`);
    let minor = '';
    if (dot >= 0) {
      if (!allDigits(text, dot + 1, text.length)) throw new AmountError(`invalid amount: ${text}`);
      minor = text.slice(dot + 1, dot + 1 + Math.max(0, AMOUNT_MAX_DIGITS - significant));
    }
    const value = BigInt(text.slice(digitsStart, majorEnd) + minor);
    return new Amount(negative ? -value : value, minor.length);
  }

  /** Reads an amount from JSON, where it may be a string or a number. */
  static from(json: unknown): Amount | undefined {
    if (typeof json === 'string') return json === '' ? undefined : Amount.parse(json);
    if (typeof json === 'number' && Number.isFinite(json)) return Amount.parse(numberText(json));
    return undefined;
  }

  add(b: Amount): Amount {
    return fit(this.value + rescaleInt(b.value, b.exp, this.exp), this.exp);
  }

  subtract(b: Amount): Amount {
    return fit(this.value - rescaleInt(b.value, b.exp, this.exp), this.exp);
  }

  /** Product kept at this amount's decimals. */
  multiply(b: Amount): Amount {
    let product = this.value * b.value;
    if (b.exp > 0) product = roundedDiv(product, pow10(b.exp));
    return fit(product, this.exp);
  }

  /** Quotient kept at this amount's decimals; dividing by zero gives zero. */
  divide(b: Amount): Amount {
    if (b.value === 0n) return new Amount(0n, this.exp);
    return fit(roundedDiv(this.value * pow10(b.exp), b.value), this.exp);
  }

  rescale(exp: number): Amount {
    if (this.exp > exp) return new Amount(roundedDiv(this.value, pow10(this.exp - exp)), exp);
    if (this.exp < exp) return fit(this.value * pow10(exp - this.exp), exp);
    return this;
  }

  rescaleUp(exp: number): Amount {
    return exp > this.exp ? this.rescale(exp) : this;
  }

  rescaleDown(exp: number): Amount {
    return exp < this.exp ? this.rescale(exp) : this;
  }

  /** Raises the decimals to those of `b` when `b` has more. */
  matchPrecision(b: Amount): Amount {
    return this.rescaleUp(b.exp);
  }

  upscale(increase: number): Amount {
    return this.rescale(this.exp + increase);
  }

  downscale(decrease: number): Amount {
    return this.rescale(decrease > this.exp ? 0 : this.exp - decrease);
  }

  negate(): Amount {
    return new Amount(-this.value, this.exp);
  }

  abs(): Amount {
    return this.value < 0n ? this.negate() : this;
  }

  compare(b: Amount): number {
    const exp = Math.max(this.exp, b.exp);
    const x = rescaleInt(this.value, this.exp, exp);
    const y = rescaleInt(b.value, b.exp, exp);
    return x === y ? 0 : x < y ? -1 : 1;
  }

  equals(b: Amount): boolean {
    return this.compare(b) === 0;
  }

  isZero(): boolean {
    return this.value === 0n;
  }

  isNegative(): boolean {
    return this.value < 0n;
  }

  isPositive(): boolean {
    return this.value > 0n;
  }

  /** "1800.00": always the stored number of decimals. */
  toString(): string {
    if (this.exp === 0) return this.value.toString();
    const negative = this.value < 0n;
    const digits = (negative ? -this.value : this.value).toString().padStart(this.exp + 1, '0');
    const cut = digits.length - this.exp;
    return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
  }

  toJSON(): string {
    return this.toString();
  }

  /** The text without trailing zero decimals. */
  minimalString(): string {
    const s = this.toString();
    if (!s.includes('.')) return s;
    return s.replace(/0+$/, '').replace(/\.$/, '');
  }
}

/** True when text[from..to) holds only the digits 0-9. */
function allDigits(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function rescaleInt(v: bigint, from: number, to: number): bigint {
  if (from < to) return v * pow10(to - from);
  if (from > to) return roundedDiv(v, pow10(from - to));
  return v;
}

/** The JSON text of a number as Go would receive it: plain digits, no exponent for ordinary values. */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return new NumberText(s).toFixed();
}
