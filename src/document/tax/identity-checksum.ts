/** Checksum building blocks shared by several countries' tax and company numbers. */

function digit(ch: string): number {
  return ch.charCodeAt(0) - 48;
}

export function allDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Luhn check digit for `body` (the digits before the check digit). */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, n = 0; i >= 0; i--, n++) {
    let d = digit(body[i]);
    if (n % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when a whole number (check digit last) passes the Luhn test. */
export function luhnValid(value: string): boolean {
  if (value.length < 2 || !allDigits(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === digit(value[value.length - 1]);
}

/** Sum of digit × weight over the first `weights.length` digits. */
export function weightedSum(value: string, weights: readonly number[], offset = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digit(value[offset + i]) * weights[i];
  return sum;
}

/** True when `value` is `weights.length` digits whose weighted sum is a multiple of 11 (Danish CVR, Finnish Y-tunnus). */
export function weightedSumMod11Zero(value: string, weights: readonly number[]): boolean {
  return value.length === weights.length && allDigits(value) && weightedSum(value, weights) % 11 === 0;
}

/** Remainder of a long digit string modulo `m`, without losing precision. */
export function modString(value: string, m: number): number {
  let r = 0;
  for (const ch of value) r = (r * 10 + digit(ch)) % m;
  return r;
}
