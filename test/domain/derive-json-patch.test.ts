import type { Json } from '../../src/document';
import { applyJsonPatch, jsonSize } from '../../src/domain/derive/json-patch';
import { DomainError } from '../../src/domain/errors';
import officialTests from '../fixtures/json-patch-tests/tests.json';
import specTests from '../fixtures/json-patch-tests/spec_tests.json';

interface OfficialCase {
  comment?: string;
  doc?: Json;
  patch?: unknown;
  expected?: Json;
  error?: string;
  disabled?: boolean;
}

/** The DomainError a patch raised, or a failure when it raised none. */
function patchFailure(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the patch was applied');
}

const runnable = (file: string, cases: OfficialCase[]): [string, OfficialCase][] =>
  cases
    .map((c, i): [string, OfficialCase] => [`${file} #${i}: ${c.comment ?? c.error ?? ''}`, c])
    .filter(([, c]) => c.doc !== undefined && c.patch !== undefined && !c.disabled);

describe('the official JSON patch test suite (json-patch/json-patch-tests)', () => {
  const all = [...runnable('spec_tests', specTests as unknown as OfficialCase[]), ...runnable('tests', officialTests as unknown as OfficialCase[])];

  test('covers the suite', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  test.each(all.filter(([, c]) => c.error === undefined))('%s applies', (_name, c) => {
    expect(applyJsonPatch(c.doc!, c.patch)).toEqual(c.expected ?? c.doc);
  });

  test.each(all.filter(([, c]) => c.error !== undefined))('%s is refused as a patch error', (_name, c) => {
    expect(patchFailure(() => applyJsonPatch(c.doc!, c.patch)).key).toBe('patch');
  });
});

describe('applyJsonPatch on an envelope', () => {
  const envelope = () => ({
    $schema: 'https://gobl.org/draft-0/envelope',
    head: { uuid: '0190c000-0000-7000-8000-000000000001' },
    doc: { $schema: 'https://gobl.org/draft-0/org/party', name: 'Acme', emails: [{ addr: 'a@example.com' }], alias: 'A' },
  });

  test.each([
    ['add', { op: 'add', path: '/doc/emails/-', value: { addr: 'b@example.com' } }, (d: any) => expect(d.doc.emails).toHaveLength(2)],
    ['remove', { op: 'remove', path: '/doc/alias' }, (d: any) => expect(d.doc).not.toHaveProperty('alias')],
    ['replace', { op: 'replace', path: '/doc/name', value: 'Beta' }, (d: any) => expect(d.doc.name).toBe('Beta')],
    ['move', { op: 'move', from: '/doc/alias', path: '/doc/name' }, (d: any) => expect(d.doc).toMatchObject({ name: 'A' })],
    ['copy', { op: 'copy', from: '/doc/emails/0', path: '/doc/emails/1' }, (d: any) => expect(d.doc.emails).toEqual([{ addr: 'a@example.com' }, { addr: 'a@example.com' }])],
    ['test', { op: 'test', path: '/doc/name', value: 'Acme' }, (d: any) => expect(d).toEqual(envelope())],
  ])('%s works and leaves the original untouched', (_name, operation, check) => {
    const original = envelope();
    const result = applyJsonPatch(original, [operation]);
    check(result);
    expect(original).toEqual(envelope());
  });

  test.each([
    ['a failed test', [{ op: 'replace', path: '/doc/name', value: 'B' }, { op: 'test', path: '/doc/name', value: 'Acme' }], 1, 'the test failed'],
    ['a test of a missing path', [{ op: 'test', path: '/doc/nothing', value: 1 }], 0, 'the test failed'],
    ['a remove of a missing path', [{ op: 'remove', path: '/doc/nothing' }], 0, 'does not exist'],
    ['a replace of a missing path', [{ op: 'add', path: '/doc/x', value: 1 }, { op: 'replace', path: '/doc/missing/deeper', value: 1 }], 1, 'does not exist'],
    ['an add under a missing parent', [{ op: 'add', path: '/doc/missing/deeper', value: 1 }], 0, 'parent of the path does not exist'],
    ['a move from a missing path', [{ op: 'move', from: '/doc/nothing', path: '/doc/x' }], 0, 'from path does not exist'],
    ['a copy from a missing path', [{ op: 'copy', from: '/doc/nothing', path: '/doc/x' }], 0, 'from path does not exist'],
    ['an index past the end', [{ op: 'add', path: '/doc/emails/5', value: {} }], 0, 'past the end'],
    ['an index with a leading zero', [{ op: 'remove', path: '/doc/emails/00' }], 0, 'leading zeros'],
    ['an unknown op', [{ op: 'merge', path: '/doc', value: {} }], 0, 'op must be one of'],
    ['the library-internal _get op', [{ op: '_get', path: '/doc' }], 0, 'op must be one of'],
    ['an operation that is not an object', [{ op: 'test', path: '', value: envelope() }, 'remove /doc'], 1, 'must be an object'],
    ['a missing value', [{ op: 'add', path: '/doc/x' }], 0, 'value is required'],
    ['a missing from', [{ op: 'copy', path: '/doc/x' }], 0, 'from is required'],
    ['a path without a leading slash', [{ op: 'add', path: 'doc/x', value: 1 }], 0, 'JSON pointer'],
    ['a bad escape', [{ op: 'add', path: '/doc/a~2b', value: 1 }], 0, '"~"'],
    ['a move into its own child', [{ op: 'move', from: '/doc', path: '/doc/inner' }], 0, 'own children'],
    ['a path through __proto__', [{ op: 'add', path: '/__proto__/polluted', value: true }], 0, '__proto__'],
  ])('%s is a patch error naming its operation', (_name, patch, index, reason) => {
    const error = patchFailure(() => applyJsonPatch(envelope(), patch));
    expect(error.key).toBe('patch');
    expect(error.message).toContain(`operation ${index}`);
    expect(error.message).toContain(reason);
    expect(error.details.fields).toEqual({ data: { [String(index)]: expect.stringContaining(reason) } });
    expect(({} as any).polluted).toBeUndefined();
  });

  test('a patch that is not an array is a patch error without an index', () => {
    const error = patchFailure(() => applyJsonPatch(envelope(), { op: 'add', path: '/x', value: 1 }));
    expect(error.key).toBe('patch');
    expect(error.details.fields).toEqual({ data: expect.stringContaining('array of operations') });
  });
});

describe('limits', () => {
  test('too many operations are refused before any is applied', () => {
    const patch = Array.from({ length: 11 }, () => ({ op: 'test', path: '', value: {} }));
    const error = patchFailure(() => applyJsonPatch({}, patch, { maxOperations: 10, maxBytes: 1e6 }));
    expect(error.message).toContain('at most 10 operations');
  });

  test('the default allows 1000 operations', () => {
    const patch = Array.from({ length: 1000 }, (_, i) => ({ op: 'add', path: `/k${i}`, value: i }));
    expect(Object.keys(applyJsonPatch({}, patch) as object)).toHaveLength(1000);
    expect(() => applyJsonPatch({}, [...patch, { op: 'remove', path: '/k0' }])).toThrow(DomainError);
  });

  test('copies that double the document are stopped at the size limit, quickly', () => {
    const doc = { a: 'x'.repeat(1000) };
    const doubling = Array.from({ length: 40 }, (_, i) => ({ op: 'copy', from: '', path: `/c${i}` }));
    const started = Date.now();
    const error = patchFailure(() => applyJsonPatch(doc, doubling));
    expect(error.key).toBe('patch');
    expect(error.message).toMatch(/operation 1\d \(copy \/c1\d\): the patched document would exceed/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('added values count towards the size limit', () => {
    const patch = [{ op: 'add', path: '/big', value: 'y'.repeat(2000) }];
    expect(patchFailure(() => applyJsonPatch({}, patch, { maxOperations: 10, maxBytes: 1000 })).message).toContain('exceed 1000 bytes');
  });

  test('jsonSize is close to the length of the JSON text, and stops past its limit', () => {
    const value = { a: [1, 'two', null, true, { b: 2.5 }], 'c d': 'e' };
    expect(Math.abs(jsonSize(value, Infinity) - JSON.stringify(value).length)).toBeLessThanOrEqual(8);
    expect(jsonSize(Array.from({ length: 100000 }, () => 'z'), 100)).toBeGreaterThan(100);
    expect(jsonSize({ a: 'x'.repeat(50) }, 100)).toBeLessThan(100);
  });
});
