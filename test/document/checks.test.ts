import fc from 'fast-check';
import { isEmail, isStrictCode } from '../../src/document/rules/checks';

/** GOBL's own patterns: the checks must accept exactly what these accept, only without their backtracking. */
const GOBL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const GOBL_CODE = /^[A-ZÑa-z0-9]+([.\-:/,_& ]?[A-ZÑa-z0-9]+)*$/;

/** Short texts over the characters that matter to both patterns. */
const text = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 14 }).map((cs) => cs.join(''));

test.each([
  ['a@b.co', true], ['first.last@example.com', true], ['a@b.', false], ['a@.b', false], ['a@b..c', true],
  ['@b.co', false], ['a@b@c.co', false], ['a b@c.co', false], ['a@bc', false], ['a@b.c\n', false],
])('isEmail(%j) is %s', (value, expected) => {
  expect(isEmail(value)).toBe(expected);
});

test('isEmail accepts exactly what GOBL pattern accepts', () => {
  fc.assert(
    fc.property(text(['a', 'b', '.', '@', ' ', '\t', '\u00a0', 'é']), (value) => {
      expect(isEmail(value)).toBe(GOBL_EMAIL.test(value));
    }),
    { numRuns: 5000 },
  );
});

test.each([
  ['VAT', true], ['A.B-C', true], ['ÑA 1', true], ['A--B', false], ['A.', false], ['.A', false], ['', false], ['A!', false],
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
