import { scanJson } from '../../../src/domain/shared/json-text';

describe('scanJson', () => {
  test.each([
    ['{}', 1],
    ['[[[]]]', 3],
    ['{"a":"[[[[["}', 1],
    ['{"a":"\\"[["}', 1],
    ['"x"', 0],
  ])('depth of %s is %i', (text, depth) => {
    expect(scanJson(text).depth).toBe(depth);
  });

  test('stops one level past the depth it is given, whatever follows', () => {
    const deep = '[{"b":'.repeat(250_000) + '1' + '}]'.repeat(250_000);
    expect(scanJson(deep, 64).depth).toBe(65);
    expect(scanJson('[[[1]]]', 2).depth).toBe(3);
    expect(scanJson('[[1]]', 2).depth).toBe(2);
  });

  test.each([
    ['{"a":1.5}', undefined],
    ['{"a":123456789012345}', undefined],
    ['{"a":1000000000000000000000}', undefined],
    ['{"a":1234567890123456}', '1234567890123456'],
    ['{"a":1e309}', '1e309'],
    ['{"a":"1234567890123456789"}', undefined],
  ])('inexact number in %s: %p', (text, found) => {
    expect(scanJson(text).inexactNumber).toBe(found);
  });

  test.each([
    ['{"a":1,"b":2}', undefined],
    ['{"a":1,"a":2}', 'a'],
    ['{"a":{"b":1},"c":{"b":2}}', undefined],
    ['[{"a":1},{"a":2}]', undefined],
    ['{"a":[{"b":1,"b":2}]}', 'b'],
    ['{"a":"a","b":["a","a"]}', undefined],
    ['{"a" : 1, "a" :2}', 'a'],
    ['{"\\u0061":1,"a":2}', 'a'],
    ['{"a\\"":1,"a\\"":2}', 'a"'],
    ['{"A":1,"a":2}', undefined],
    ['{"x":{"a":1},"a":{"x":1}}', undefined],
  ])('duplicate key in %s: %p', (text, found) => {
    expect(scanJson(text).duplicateKey).toBe(found);
  });
});
