import { documentTypeOf, type DocumentType, type JsonObject } from '../../../document';
import type { SortAmountRule } from './entry-store';

/**
 * The amount a list sorts an entry by: its document's payable total (`totals.payable` of an invoice, order or
 * delivery; `total` of a payment) in ten-thousandths of its currency unit, an exact integer. It only orders the
 * list: the document keeps the amount itself, and nothing is computed from this. Digits past the fourth decimal
 * are rounded (half away from zero), and amounts beyond ±900,719,925,474.0991 (JavaScript's safe integers) sort
 * at those ends, among each other by id. Currencies are not converted: 100 EUR and 100 USD sort together.
 */
export type SortAmount = number;

/** The document types that have an amount to sort by, and where it is. */
const AMOUNT_PATHS: Partial<Record<DocumentType, readonly string[]>> = {
  'bill/invoice': ['totals', 'payable'],
  'bill/order': ['totals', 'payable'],
  'bill/delivery': ['totals', 'payable'],
  'bill/payment': ['total'],
};

/** Whether entries of this document schema may have an amount (a backfill reads only those envelopes). */
export const mayHaveSortAmount = (docSchema: string): boolean => {
  const type = documentTypeOf(docSchema);
  return type !== undefined && AMOUNT_PATHS[type] !== undefined;
};

const DECIMAL = /^([+-]?)(\d{1,400})(?:\.(\d{1,400}))?$/;
const SCALE = 10_000n;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** "1210.5" as 12105000; undefined for text that is not a plain decimal number. Never through a float. */
export function tenThousandthsOf(text: string): SortAmount | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  let units = BigInt(whole) * SCALE + BigInt(fraction.slice(0, 4).padEnd(4, '0'));
  if (fraction.length > 4 && fraction.charCodeAt(4) >= 0x35) units += 1n; // fifth digit 5 or more: away from zero
  if (units > MAX) units = MAX;
  return Number(sign === '-' ? -units : units);
}

/** The sort amount of a document (an envelope's `doc`); undefined when its type has none or it is not given. */
export function sortAmountOfDoc(doc: JsonObject | undefined): SortAmount | undefined {
  const type = documentTypeOf(doc?.$schema);
  const path = type === undefined ? undefined : AMOUNT_PATHS[type];
  if (!doc || !path) return undefined;
  let value: unknown = doc;
  for (const member of path)
    value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject)[member] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? tenThousandthsOf(String(value)) : undefined;
}

/** The sort amount of an envelope given as stored JSON text (the backfill of rows stored before amounts were kept). */
export function sortAmountOfJson(json: string): SortAmount | undefined {
  try {
    const envelope = JSON.parse(json) as { doc?: JsonObject } | null;
    return sortAmountOfDoc(envelope?.doc);
  } catch {
    return undefined;
  }
}

export const SORT_AMOUNT_RULE: SortAmountRule = { mayHave: mayHaveSortAmount, ofJson: sortAmountOfJson };
