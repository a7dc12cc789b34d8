import { setStoredJson, storedJsonOf } from '../../../src/domain/shared/stored-json';

describe('a member kept as its stored JSON text', () => {
  const row = () => setStoredJson({ key: 'k', value: undefined as unknown, after: 1 }, 'value', '{"a":[1,2]}');

  test('reads as the parsed value, in its place among the members; the text is there until it is read', () => {
    const meta = row();
    expect(storedJsonOf(meta, 'value')).toBe('{"a":[1,2]}');
    expect(Object.keys(meta)).toEqual(['key', 'value', 'after']);
    expect(meta.value).toEqual({ a: [1, 2] });
    expect(meta.value).toBe(meta.value); // parsed once
    // Read, the value may be changed in place: the text no longer stands for it.
    expect(storedJsonOf(meta, 'value')).toBeUndefined();
  });

  test('a replaced value drops the text; a spread copy carries the value but never the text', () => {
    const replaced = row();
    replaced.value = { b: 2 };
    expect(storedJsonOf(replaced, 'value')).toBeUndefined();
    expect(replaced.value).toEqual({ b: 2 });
    const copy = { ...row(), value: { c: 3 } };
    expect(storedJsonOf(copy, 'value')).toBeUndefined();
    expect(JSON.stringify({ ...row() })).toBe('{"key":"k","value":{"a":[1,2]},"after":1}');
  });
});
