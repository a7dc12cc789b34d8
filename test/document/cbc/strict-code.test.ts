import fc from 'fast-check';
import { isStrictCode } from '../../../src/document/cbc/code';

/** GOBL's own pattern: the check must accept exactly what it accepts, only without its backtracking. */
const GOBL_CODE = /^[A-ZÑa-z0-9]+([.\-:/,_& ]?[A-ZÑa-z0-9]+)*$/;

/** Short texts over the characters that matter to the pattern. */
const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 14 }).map((cs) => cs.join(''));

test.each([
  ['VAT', true],
  ['A.B-C', true],
  ['ÑA 1', true],
  ['A--B', false],
  ['A.', false],
  ['.A', false],
  ['', false],
  ['A!', false],
])('isStrictCode(%j) is %s', (value, expected) => {
  expect(isStrictCode(value)).toBe(expected);
});

test('isStrictCode accepts exactly what GOBL pattern accepts', () => {
  fc.assert(
    fc.property(text(['A', 'z', '9', 'Ñ', '.', '-', ':', '/', ',', '_', '&', ' ', '!', 'é']), (value) => {
      expect(isStrictCode(value)).toBe(GOBL_CODE.test(value));
    }),
    { numRuns: 5000 },
  );
});
