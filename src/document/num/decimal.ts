import Decimal from 'decimal.js';

/** Parses a decimal amount or percentage string ("12.50", "21%") for a comparison in a rule; undefined when it is not one. */
export function decimalOf(value: unknown): Decimal | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return new Decimal(value);
  if (typeof value !== 'string') return undefined;
  const s = value.endsWith('%') ? value.slice(0, -1) : value;
  if (!/^[+-]?\d+(\.\d+)?$/.test(s.trim())) return undefined;
  return new Decimal(s.trim());
}
