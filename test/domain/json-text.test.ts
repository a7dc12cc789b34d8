import { scanJson } from '../../src/domain/json-text';

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
});
