const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "2mb", "512kb" or a plain number of bytes. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!match) return undefined;
  const bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()];
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** "24h", "90s", "500ms" or a plain number of seconds, in milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*(ms|s|m|h|d)?$/i.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * DURATION_UNITS[(match[2] ?? 's').toLowerCase()];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** Bytes in the largest unit that divides them, as a size setting is written: 16777216 is `16mb`. */
export function formatSize(bytes: number): string {
  return formatIn(bytes, SIZE_UNITS, 'b').replace(/(\d)b$/, '$1');
}

/** Milliseconds in the largest unit that divides them, as a duration setting is written: 3600000 is `1h`. */
export function formatDuration(ms: number): string {
  return formatIn(ms, DURATION_UNITS, 'ms');
}

function formatIn(amount: number, units: Record<string, number>, smallest: string): string {
  const [unit, factor] = Object.entries(units)
    .sort(([, a], [, b]) => b - a)
    .find(([, factor]) => amount % factor === 0) ?? [smallest, 1];
  return `${amount / factor}${unit}`;
}
