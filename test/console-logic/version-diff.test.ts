import { diffDocuments, valueText, type DiffLimits, type FieldChange } from '../../console/src/version-diff';

const LIMITS: DiffLimits = { maxChanges: 500, timeoutMs: 10_000, valueLength: 120 };
const envelope = (doc: unknown) => ({
  $schema: 'https://gobl.org/draft-0/envelope',
  head: { uuid: 'u', dig: { val: String(Math.random()) } },
  doc,
});
const invoiceDoc = (quantity: string, extra: Record<string, unknown> = {}) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  code: '0001',
  supplier: { name: 'Provide One S.L.' },
  lines: [
    { i: 1, quantity, item: { name: 'Development', price: '90.00' } },
    { i: 2, quantity: '1', item: { name: 'Support', price: '10.00' } },
  ],
  ...extra,
});

describe("the console's comparison of two versions, field by field", () => {
  test('a changed quantity is one change at its path, old → new; the head (digest) is not compared', () => {
    const diff = diffDocuments(envelope(invoiceDoc('20')), envelope(invoiceDoc('2')), LIMITS);
    expect(diff.changes).toEqual<FieldChange[]>([{ kind: 'changed', path: 'lines[0].quantity', before: '20', after: '2' }]);
    expect(diff.counts).toEqual({ changed: 1, added: 0, removed: 0 });
    expect([diff.leftOut, diff.gaveUp]).toEqual([0, false]);
  });

  test("members and items added and removed are listed in the document's order with their values", () => {
    const older = invoiceDoc('1', { notes: [{ text: 'old note' }] });
    const newer = { ...invoiceDoc('1'), supplier: { name: 'Provide One S.L.', tax_id: { country: 'ES', code: 'B98602642' } } } as Record<
      string,
      any
    >;
    newer.lines = [...newer.lines, { i: 3, quantity: '5', item: { name: 'Travel', price: '1.00' } }];
    newer['ext-key'] = { 'es-tbai-region': 'BI' };
    const diff = diffDocuments(envelope(older), envelope(newer), LIMITS);
    expect(diff.changes).toEqual<FieldChange[]>([
      { kind: 'added', path: 'supplier.tax_id', after: '{"country":"ES","code":"B98602642"}' },
      { kind: 'added', path: 'lines[2]', after: '{"i":3,"quantity":"5","item":{"name":"Travel","price":"1.00"}}' },
      { kind: 'removed', path: 'notes', before: '[{"text":"old note"}]' },
      { kind: 'added', path: '["ext-key"]', after: '{"es-tbai-region":"BI"}' },
    ]);
    expect(diff.counts).toEqual({ changed: 0, added: 3, removed: 1 });
  });

  test('a value whose kind changed is one change; equal documents have none', () => {
    expect(diffDocuments({ doc: { a: { b: 1 } } }, { doc: { a: 'text' } }, LIMITS).changes).toEqual([
      { kind: 'changed', path: 'a', before: '{"b":1}', after: 'text' },
    ]);
    expect(diffDocuments({ doc: { a: '' } }, { doc: { a: null } }, LIMITS).changes).toEqual([
      { kind: 'changed', path: 'a', before: '""', after: 'null' },
    ]);
    const same = diffDocuments(envelope(invoiceDoc('3')), envelope(invoiceDoc('3')), LIMITS);
    expect([same.changes, same.counts, same.leftOut]).toEqual([[], { changed: 0, added: 0, removed: 0 }, 0]);
  });

  test('at most maxChanges are listed, the rest counted; long values are cut', () => {
    const older = { doc: { lines: Array.from({ length: 500 }, (_, i) => ({ quantity: String(i) })) } };
    const newer = { doc: { lines: Array.from({ length: 500 }, (_, i) => ({ quantity: i % 5 === 0 ? `${i}0` : String(i) })) } };
    const diff = diffDocuments(older, newer, { ...LIMITS, maxChanges: 30 });
    expect(diff.changes).toHaveLength(30);
    expect(diff.changes[1]).toEqual({ kind: 'changed', path: 'lines[5].quantity', before: '5', after: '50' });
    expect(diff.counts.changed).toBe(100);
    expect(diff.leftOut).toBe(70);
    expect(valueText('x'.repeat(500), 20)).toBe(`${'x'.repeat(19)}…`);
    const long = diffDocuments({ doc: { a: 'x'.repeat(5000) } }, { doc: { a: 'y' } }, { ...LIMITS, valueLength: 50 });
    expect(long.changes[0].kind === 'changed' && long.changes[0].before.length).toBe(50);
  });

  test('past its time budget the comparison gives up rather than freeze the page', () => {
    const big = { doc: { lines: Array.from({ length: 20_000 }, (_, i) => ({ i, quantity: String(i) })) } };
    const other = { doc: { lines: Array.from({ length: 20_000 }, (_, i) => ({ i, quantity: String(i + 1) })) } };
    // A clock that moves 1 ms each read: the budget of 5 ms runs out after a few checks.
    let now = 0;
    const diff = diffDocuments(big, other, { ...LIMITS, timeoutMs: 5 }, () => now++);
    expect(diff.gaveUp).toBe(true);
    expect(diff.changes).toEqual([]);
    // The same comparison within its budget lists them.
    expect(diffDocuments(big, other, { ...LIMITS, maxChanges: 10 }).counts.changed).toBe(20_000);
  });

  test('a document nested very deep is compared without running out of stack', () => {
    let older: Record<string, unknown> = { v: 1 };
    let newer: Record<string, unknown> = { v: 2 };
    for (let i = 0; i < 50_000; i++) {
      older = { n: older };
      newer = { n: newer };
    }
    const diff = diffDocuments({ doc: older }, { doc: newer }, { ...LIMITS, valueLength: 10 });
    expect(diff.counts.changed).toBe(1);
    expect(diff.changes[0].path.endsWith('.n.v')).toBe(true);
  });
});
