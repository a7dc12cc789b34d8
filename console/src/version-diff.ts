import { diffLines } from 'diff';

/** One line of a diff as the console lists it: removed, added, unchanged, or a run of unchanged lines folded away. */
export type DiffRow =
  | { kind: 'removed' | 'added' | 'same'; text: string }
  | { kind: 'folded'; count: number };

export interface EnvelopeDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
  /** Lines of the diff past `maxRows`, not listed: how many, and how many of them were added or removed. */
  leftOut: { rows: number; added: number; removed: number };
  /** True when the two envelopes differ too much to compare within the time allowed: nothing is listed then. */
  gaveUp: boolean;
}

export interface DiffLimits {
  /** Unchanged lines kept on each side of a change; longer unchanged runs are folded into one row. */
  context: number;
  /** Rows listed at most; the rest is counted in `leftOut`. */
  maxRows: number;
  /** Milliseconds jsdiff may spend before it gives up (a browser tab must not freeze on a huge envelope). */
  timeoutMs: number;
}

export const DIFF_LIMITS: DiffLimits = { context: 3, maxRows: 2000, timeoutMs: 2000 };

/** An envelope as the diff compares it: pretty-printed, two spaces, one member per line. */
export const prettyEnvelope = (envelope: unknown): string => `${JSON.stringify(envelope, null, 2)}\n`;

/** Splits a jsdiff change's value into its lines (its last newline ends the last line, it starts none). */
const linesOf = (value: string): string[] => value.replace(/\n$/, '').split('\n');

/**
 * Compares two envelopes line by line, the older first: changed lines with a few unchanged ones around them,
 * longer unchanged runs folded, at most `maxRows` rows listed and the rest counted.
 */
export function diffEnvelopes(older: unknown, newer: unknown, limits: DiffLimits = DIFF_LIMITS): EnvelopeDiff {
  const changes = diffLines(prettyEnvelope(older), prettyEnvelope(newer), { timeout: limits.timeoutMs });
  const empty = { rows: [], added: 0, removed: 0, leftOut: { rows: 0, added: 0, removed: 0 } };
  if (!changes) return { ...empty, gaveUp: true };

  const all: DiffRow[] = [];
  changes.forEach((change, index) => {
    const lines = linesOf(change.value);
    if (change.added || change.removed) {
      const kind = change.added ? 'added' : 'removed';
      for (const text of lines) all.push({ kind, text });
      return;
    }
    // Unchanged: keep `context` lines after the change before it and before the change after it.
    const keepHead = index === 0 ? 0 : limits.context;
    const keepTail = index === changes.length - 1 ? 0 : limits.context;
    if (lines.length <= keepHead + keepTail + 1) {
      for (const text of lines) all.push({ kind: 'same', text });
      return;
    }
    for (const text of lines.slice(0, keepHead)) all.push({ kind: 'same', text });
    all.push({ kind: 'folded', count: lines.length - keepHead - keepTail });
    for (const text of lines.slice(lines.length - keepTail)) all.push({ kind: 'same', text });
  });

  const count = (rows: DiffRow[], kind: 'added' | 'removed') => rows.filter((row) => row.kind === kind).length;
  const rows = all.slice(0, limits.maxRows);
  const rest = all.slice(limits.maxRows);
  return {
    rows,
    added: count(all, 'added'),
    removed: count(all, 'removed'),
    leftOut: { rows: rest.length, added: count(rest, 'added'), removed: count(rest, 'removed') },
    gaveUp: false,
  };
}
