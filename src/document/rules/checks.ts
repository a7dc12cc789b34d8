import Decimal from 'decimal.js';

/** Value tests shared by validators. */

export function isValidDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= days;
}

/** A missing date, or GOBL's zero date, counts as zero. */
export function isZeroDate(value: unknown): boolean {
  return typeof value !== 'string' || value === '' || value === '0000-00-00';
}

/** Parses a decimal amount or percentage string ("12.50", "21%"); undefined when it is not one. */
export function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return new Decimal(value);
  if (typeof value !== 'string') return undefined;
  const s = value.endsWith('%') ? value.slice(0, -1) : value;
  if (!/^[+-]?\d+(\.\d+)?$/.test(s.trim())) return undefined;
  return new Decimal(s.trim());
}

/** GOBL's key pattern: lower case words joined by `-` or `+`. */
export function isKey(value: string): boolean {
  return value.length <= 64 && /^(?:[a-z]|[a-z0-9][a-z0-9-+]*[a-z0-9])$/.test(value);
}

/**
 * GOBL's code pattern (used for tax ID schemes), `^[A-ZÑa-z0-9]+([.\-:/,_& ]?[A-ZÑa-z0-9]+)*$`, written so that
 * each character has one way to match: GOBL's form backtracks exponentially on a long code with a bad last character.
 */
export function isStrictCode(value: string): boolean {
  return /^[A-ZÑa-z0-9]+(?:[.\-:/,_& ][A-ZÑa-z0-9]+)*$/.test(value);
}
