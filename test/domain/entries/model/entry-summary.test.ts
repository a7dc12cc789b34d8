import { present } from '../../../../src/domain/entries/model/entry-summary';

describe('present', () => {
  test('drops undefined members only, and keeps the order of the rest', () => {
    const shown = present({ b: 1, a: undefined, z: null, c: false, d: 0, e: '', f: undefined, g: [] });
    expect(Object.keys(shown)).toEqual(['b', 'z', 'c', 'd', 'e', 'g']);
    expect(JSON.stringify(shown)).toBe('{"b":1,"z":null,"c":false,"d":0,"e":"","g":[]}');
  });

  test('makes a new object: the one given is left as it was', () => {
    const fields = { a: 1, b: undefined };
    const shown = present(fields);
    expect(shown).not.toBe(fields);
    expect(Object.keys(fields)).toEqual(['a', 'b']);
  });
});
