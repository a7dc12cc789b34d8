import { byteRange } from '../../src/http/file-bytes';

describe('byteRange: the one range of a Range header, as RFC 9110 reads it', () => {
  test.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-100', 100, { start: 0, end: 99 }],
    ['bytes=-99999999999', 100, { start: 0, end: 99 }],
    ['BYTES = 5-5', 100, { start: 5, end: 5 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=200-300,100-', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, undefined],
    ['bytes=9-5', 100, undefined],
    ['bytes=abc', 100, undefined],
    ['bytes=-', 100, undefined],
    ['items=0-5', 100, undefined],
  ])('%s of %d bytes is %p', (header, size, expected) => {
    expect(byteRange(header, size)).toEqual(expected);
  });
});
