/**
 * The difference between two versions of a document as a person reads it: the fields that changed, each with its
 * path (`lines[0].quantity`) and its value before and after, and the fields added or removed.
 */
export type FieldChange =
  | { kind: 'changed'; path: string; before: string; after: string }
  | { kind: 'added'; path: string; after: string }
  | { kind: 'removed'; path: string; before: string };

export interface DocumentDiff {
  /** The changes in the document's order, at most `maxChanges`. */
  changes: FieldChange[];
  /** Every change found, listed or not. */
  counts: { changed: number; added: number; removed: number };
  /** Changes found past `maxChanges`, not listed. */
  leftOut: number;
  /** True when the walk ran past its time budget: nothing is listed then. */
  gaveUp: boolean;
}

export interface DiffLimits {
  /** Changes listed at most; the rest is counted in `leftOut`. */
  maxChanges: number;
  /** Milliseconds the walk may take before it gives up (a browser tab must not freeze on a huge envelope). */
  timeoutMs: number;
  /** Characters of a value shown at most; a longer one is cut with "…". */
  valueLength: number;
}

export const DIFF_LIMITS: DiffLimits = { maxChanges: 500, timeoutMs: 2000, valueLength: 120 };

/** Values compared between two time checks: reading the clock for each would cost more than the comparison. */
const CHECK_EVERY = 256;

/** A side of a pair that has no value there: the member or item was added or removed. */
const ABSENT = Symbol('absent');

interface Pair {
  path: string;
  before: unknown;
  after: unknown;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An envelope's document (`doc`), which is what changes between versions; anything else as it is. */
export const documentOf = (envelope: unknown): unknown => (isObject(envelope) && isObject(envelope.doc) ? envelope.doc : envelope);

/** `supplier.name`, `lines[0].quantity`, `ext["es-tbai-region"]`: a member's path as JavaScript would write it. */
const memberPath = (parent: string, key: string): string => {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
};

/** A value as one short line: text as it is (GOBL's amounts are text), anything else as compact JSON, cut to `length`. */
export function valueText(value: unknown, length: number): string {
  let text: string;
  try {
    text = typeof value === 'string' ? (value === '' ? '""' : value) : JSON.stringify(value);
  } catch {
    text = Array.isArray(value) ? '[…]' : '{…}'; // nested deeper than JSON.stringify's stack
  }
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * Compares two envelopes' documents field by field, the older first. Objects are compared member by member
 * (the older's order, then members only the newer has), arrays item by item at the same index; a value that is
 * neither, or whose kind changed, is one change. At most `maxChanges` are listed, the rest counted, and past
 * `timeoutMs` the walk gives up.
 */
export function diffDocuments(
  older: unknown,
  newer: unknown,
  limits: DiffLimits = DIFF_LIMITS,
  clock: () => number = () => performance.now(),
): DocumentDiff {
  const started = clock();
  const changes: FieldChange[] = [];
  const counts = { changed: 0, added: 0, removed: 0 };
  const note = (change: FieldChange) => {
    counts[change.kind]++;
    if (changes.length < limits.maxChanges) changes.push(change);
  };
  const show = (value: unknown) => valueText(value, limits.valueLength);
  // A stack, not recursion: a deeply nested document cannot overflow it. Children are pushed in reverse, so that
  // they come off it in the document's order, members added or removed among them.
  const stack: Pair[] = [{ path: '', before: documentOf(older), after: documentOf(newer) }];
  let compared = 0;
  while (stack.length > 0) {
    if (++compared % CHECK_EVERY === 0 && clock() - started > limits.timeoutMs) {
      return { changes: [], counts: { changed: 0, added: 0, removed: 0 }, leftOut: 0, gaveUp: true };
    }
    const { path, before, after } = stack.pop()!;
    if (before === ABSENT) note({ kind: 'added', path, after: show(after) });
    else if (after === ABSENT) note({ kind: 'removed', path, before: show(before) });
    else if (isObject(before) && isObject(after)) {
      const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !(key in before))];
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        stack.push({
          path: memberPath(path, key),
          before: key in before ? before[key] : ABSENT,
          after: key in after ? after[key] : ABSENT,
        });
      }
    } else if (Array.isArray(before) && Array.isArray(after)) {
      for (let i = Math.max(before.length, after.length) - 1; i >= 0; i--) {
        stack.push({ path: `${path}[${i}]`, before: i < before.length ? before[i] : ABSENT, after: i < after.length ? after[i] : ABSENT });
      }
    } else if (before !== after && JSON.stringify(before) !== JSON.stringify(after)) {
      note({ kind: 'changed', path: path || '(the whole document)', before: show(before), after: show(after) });
    }
  }
  const total = counts.changed + counts.added + counts.removed;
  return { changes, counts, leftOut: total - changes.length, gaveUp: false };
}
