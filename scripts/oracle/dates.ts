/** Dates as GOBL writes them (YYYY-MM-DD), spread over years so that rate changes are crossed. */
import type { Random } from './random';

const pad = (n: number) => String(n).padStart(2, '0');

export function date(rng: Random, fromYear = 2012, toYear = 2027): string {
  return `${rng.int(fromYear, toYear)}-${pad(rng.int(1, 12))}-${pad(rng.int(1, 28))}`;
}

/** A date `days` after `iso` (negative for before). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
