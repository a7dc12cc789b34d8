import Decimal from 'decimal.js';
import type { JsonObject } from '../../base/types';

/** Quantities keep at most four decimals, rounded half away from zero. */
export function normalizeChorusLine(line: JsonObject): void {
  const q = line.quantity;
  if (typeof q !== 'string') return;
  const m = /^-?\d+\.(\d+)$/.exec(q.trim());
  if (!m || m[1].length <= 4) return;
  line.quantity = new Decimal(q.trim()).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
}
