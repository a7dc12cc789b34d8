import { diffEnvelopes, prettyEnvelope, type DiffRow } from '../../console/src/version-diff';

const texts = (rows: DiffRow[], kind: 'added' | 'removed') => rows.flatMap((row) => (row.kind === kind ? [row.text] : []));

describe('the console\'s diff of two envelopes', () => {
  test('a changed member is one line removed and one added, with the unchanged runs before and after it folded beyond the context', () => {
    const older = { head: { uuid: 'u' }, doc: { code: '0001', lines: Array.from({ length: 30 }, (_, i) => ({ i })) } };
    const newer = { ...older, doc: { ...older.doc, code: '0003' } };
    const diff = diffEnvelopes(older, newer, { context: 2, maxRows: 1000, timeoutMs: 1000 });
    expect(texts(diff.rows, 'removed')).toEqual(['    "code": "0001",']);
    expect(texts(diff.rows, 'added')).toEqual(['    "code": "0003",']);
    expect([diff.removed, diff.added, diff.gaveUp]).toEqual([1, 1, false]);
    const folded = diff.rows.filter((row) => row.kind === 'folded');
    expect(folded).toHaveLength(2);
    // Two lines of context on each side of the change, none at the envelope's ends.
    const at = diff.rows.findIndex((row) => row.kind === 'removed');
    expect(diff.rows.slice(at - 3, at + 5).map((row) => row.kind)).toEqual(['folded', 'same', 'same', 'removed', 'added', 'same', 'same', 'folded']);
    // Every line of the envelope is accounted for: listed, or counted in a folded run.
    const listed = diff.rows.filter((row) => row.kind === 'same' || row.kind === 'added').length;
    const foldedCount = folded.reduce((sum, row) => sum + (row.kind === 'folded' ? row.count : 0), 0);
    expect(listed + foldedCount).toBe(prettyEnvelope(newer).split('\n').length - 1);
  });

  test('the same envelope twice has no changes to list', () => {
    const diff = diffEnvelopes({ a: 1 }, { a: 1 });
    expect([diff.added, diff.removed, diff.leftOut.rows]).toEqual([0, 0, 0]);
    expect(diff.rows.every((row) => row.kind === 'same' || row.kind === 'folded')).toBe(true);
  });

  test('a long diff lists at most maxRows rows and counts what it left out', () => {
    // Every fifth line changed: 100 removed and 100 added among 500, so that the rows run past the bound.
    const older = { lines: Array.from({ length: 500 }, (_, i) => `line ${i}`) };
    const newer = { lines: Array.from({ length: 500 }, (_, i) => (i % 5 === 0 ? `changed ${i}` : `line ${i}`)) };
    const diff = diffEnvelopes(older, newer, { context: 3, maxRows: 50, timeoutMs: 10_000 });
    expect(diff.gaveUp).toBe(false);
    expect(diff.rows).toHaveLength(50);
    expect([diff.removed, diff.added]).toEqual([100, 100]);
    expect(diff.leftOut.removed).toBe(100 - texts(diff.rows, 'removed').length);
    expect(diff.leftOut.added).toBe(100 - texts(diff.rows, 'added').length);
    expect(diff.leftOut.rows).toBeGreaterThan(diff.leftOut.removed + diff.leftOut.added);
  });

  test('past its time budget the diff gives up rather than freeze the page', () => {
    const older = { lines: Array.from({ length: 20_000 }, (_, i) => `a${i}${i % 7}`) };
    const newer = { lines: Array.from({ length: 20_000 }, (_, i) => (i % 2 ? `b${i}` : `a${i}${i % 7}`)) };
    const diff = diffEnvelopes(older, newer, { context: 3, maxRows: 2000, timeoutMs: 1 });
    expect(diff.gaveUp).toBe(true);
    expect(diff.rows).toEqual([]);
  });
});
