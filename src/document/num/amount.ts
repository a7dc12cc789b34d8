import Decimal from 'decimal.js';

/**
 * Integer arithmetic on decimal.js: enough precision that products of two 64-bit values stay exact.
 * Only integers ever go through it; every division is done by `roundedDiv` below.
 */
export const Dec = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN, toExpNeg: -200, toExpPos: 200 });
export type Dec = Decimal;

const TEN = new Dec(10);
const ZERO = new Dec(0);
const INT64_MAX = new Dec('9223372036854775807');
const INT64_MIN = new Dec('-9223372036854775808');
/** Digits an amount may carry, as GOBL's int64 storage allows. */
export const AMOUNT_MAX_DIGITS = 18;

/** Powers of ten by exponent; amounts carry at most a few dozen decimals, so larger exponents are not kept. */
const POW10_CACHED = 64;
const pow10Cache: Decimal[] = [];
export function pow10(exp: number): Decimal {
  if (!(exp >= 0 && exp <= POW10_CACHED && Number.isInteger(exp))) return TEN.pow(exp);
  let p = pow10Cache[exp];
  if (!p) {
    p = TEN.pow(exp);
    pow10Cache[exp] = p;
  }
  return p;
}

/**
 * Integer division rounding half away from zero. The quotient is first cut (towards zero) at 120 significant
 * digits, far beyond any 64-bit operand; a cut can never create an exact half, so the final rounding is exact.
 */
export function roundedDiv(num: Decimal, den: Decimal): Decimal {
  return num.div(den).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** GOBL stores amounts in 64 bits: drop decimals (rounding) until the value fits, then saturate. */
function fit(v: Decimal, exp: number): [Decimal, number] {
  if (v.e < 18 || (v.lte(INT64_MAX) && v.gte(INT64_MIN))) return [v, exp];
  let drop = 0;
  let probe = v;
  while ((probe.gt(INT64_MAX) || probe.lt(INT64_MIN)) && drop < exp) {
    probe = probe.divToInt(TEN);
    drop++;
  }
  let out = drop > 0 ? roundedDiv(v, pow10(drop)) : v;
  if (out.gt(INT64_MAX)) out = INT64_MAX;
  if (out.lt(INT64_MIN)) out = INT64_MIN;
  return [out, exp - drop];
}

export class AmountError extends Error {}

/**
 * A fixed-point number: an integer `value` and the count of decimal places `exp`, so "1800.00" is (180000, 2).
 * The number of decimals is part of the value, as in GOBL: it decides how results are rounded and printed.
 */
export class Amount {
  private constructor(
    readonly value: Decimal,
    readonly exp: number,
  ) {}

  static make(value: Decimal | number | string, exp = 0): Amount {
    return new Amount(value instanceof Dec ? value : new Dec(value), exp);
  }

  static zero(exp = 0): Amount {
    return new Amount(ZERO, exp);
  }

  /** Parses "12.30" or "-4"; decimals beyond what fits in 18 digits are cut, as GOBL does. */
  static parse(text: string): Amount {
    const negative = text.startsWith('-');
    const parts = (negative ? text.slice(1) : text).split('.');
    if (parts.length > 2) throw new AmountError(`invalid amount: ${text}`);
    const major = parts[0];
    if (!/^\+?[0-9]+$/.test(major)) throw new AmountError(`invalid amount: ${text}`);
    const significant = major.replace(/^\+?0*/, '').length;
    if (significant > AMOUNT_MAX_DIGITS) throw new AmountError(`amount has too many digits: ${text}`);
    let minor = parts.length === 2 ? parts[1] : '';
    if (parts.length === 2) {
      if (!/^[0-9]*$/.test(minor)) throw new AmountError(`invalid amount: ${text}`);
      minor = minor.slice(0, Math.max(0, AMOUNT_MAX_DIGITS - significant));
    }
    let value = new Dec(major.replace(/^\+/, '') + minor);
    if (negative) value = value.negated();
    return new Amount(value, minor.length);
  }

  /** Reads an amount from JSON, where it may be a string or a number. */
  static from(json: unknown): Amount | undefined {
    if (typeof json === 'string') return json === '' ? undefined : Amount.parse(json);
    if (typeof json === 'number' && Number.isFinite(json)) return Amount.parse(numberText(json));
    return undefined;
  }

  add(b: Amount): Amount {
    const [v, e] = fit(this.value.plus(rescaleInt(b.value, b.exp, this.exp)), this.exp);
    return new Amount(v, e);
  }

  subtract(b: Amount): Amount {
    const [v, e] = fit(this.value.minus(rescaleInt(b.value, b.exp, this.exp)), this.exp);
    return new Amount(v, e);
  }

  /** Product kept at this amount's decimals. */
  multiply(b: Amount): Amount {
    let product = this.value.times(b.value);
    if (b.exp > 0) product = roundedDiv(product, pow10(b.exp));
    const [v, e] = fit(product, this.exp);
    return new Amount(v, e);
  }

  /** Quotient kept at this amount's decimals; dividing by zero gives zero. */
  divide(b: Amount): Amount {
    if (b.value.isZero()) return new Amount(ZERO, this.exp);
    const q = roundedDiv(this.value.times(pow10(b.exp)), b.value);
    const [v, e] = fit(q, this.exp);
    return new Amount(v, e);
  }

  rescale(exp: number): Amount {
    if (this.exp > exp) return new Amount(roundedDiv(this.value, pow10(this.exp - exp)), exp);
    if (this.exp < exp) {
      const [v, e] = fit(this.value.times(pow10(exp - this.exp)), exp);
      return new Amount(v, e);
    }
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
    return new Amount(this.value.negated(), this.exp);
  }

  abs(): Amount {
    return this.value.isNegative() ? this.negate() : this;
  }

  compare(b: Amount): number {
    const exp = Math.max(this.exp, b.exp);
    return rescaleInt(this.value, this.exp, exp).cmp(rescaleInt(b.value, b.exp, exp));
  }

  equals(b: Amount): boolean {
    return this.compare(b) === 0;
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  isNegative(): boolean {
    return this.value.isNegative() && !this.value.isZero();
  }

  isPositive(): boolean {
    return this.value.isPositive() && !this.value.isZero();
  }

  /** "1800.00": always the stored number of decimals. */
  toString(): string {
    if (this.exp === 0) return this.value.toFixed(0);
    const negative = this.value.isNegative() && !this.value.isZero();
    const digits = this.value.abs().toFixed(0).padStart(this.exp + 1, '0');
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

function rescaleInt(v: Decimal, from: number, to: number): Decimal {
  if (from < to) return v.times(pow10(to - from));
  if (from > to) return roundedDiv(v, pow10(from - to));
  return v;
}

/** The JSON text of a number as Go would receive it: plain digits, no exponent for ordinary values. */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return new Dec(s).toFixed();
}
