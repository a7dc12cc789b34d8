import type { Json } from '../../../../src/document';
import { applyMergePatch, MAX_MERGE_PATCH_DEPTH } from '../../../../src/domain/documents/derive/merge-patch';
import { DomainError } from '../../../../src/domain/shared/errors';

/** Every example of RFC 7396, Appendix A: original, patch, result. */
const APPENDIX_A: [Json, Json, Json][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [
    ['a', 'b'],
    ['c', 'd'],
    ['c', 'd'],
  ],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe('applyMergePatch', () => {
  test.each(APPENDIX_A)('RFC 7396 A: %j patched with %j is %j', (original, patch, result) => {
    const before = structuredClone(original);
    expect(applyMergePatch(original, patch)).toEqual(result);
    expect(original).toEqual(before);
  });

  test('a merged array is a copy, not the patch itself', () => {
    const patch = { lines: [{ i: 1 }] };
    const result = applyMergePatch({}, patch) as any;
    result.lines[0].i = 2;
    expect(patch.lines[0].i).toBe(1);
  });

  test('a "__proto__" member stays a plain member', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    const result = applyMergePatch({}, patch) as any;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'a']);
    expect(({} as any).polluted).toBeUndefined();
  });

  test(`patches nested deeper than ${MAX_MERGE_PATCH_DEPTH} objects are a patch error`, () => {
    let deep: Json = { end: true };
    for (let i = 0; i < MAX_MERGE_PATCH_DEPTH + 1; i++) deep = { d: deep };
    expect(() => applyMergePatch({}, deep)).toThrow(DomainError);
    try {
      applyMergePatch({}, deep);
    } catch (error) {
      expect((error as DomainError).key).toBe('patch');
    }
  });
});
