/**
 * The forms and check digits Peppol asks of identifiers under some ISO 6523 schemes, wherever such an identifier is
 * written (an electronic address among them): each scheme with its rule's id and a test of the identifier.
 */

const digitsOf = (value: string): number[] => [...value].map(Number);

/** GS1's check digit: from the right, the digits before it weigh 3 and 1 in turn. */
function gs1(value: string): boolean {
  if (!/^[0-9]{2,}$/.test(value)) return false;
  const digits = digitsOf(value);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** Norway's organisation number: nine digits, the last a modulo 11 check with weights 2 to 7 from the right. */
function norwegianOrganisation(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value) || Number(value) === 0) return false;
  const digits = digitsOf(value);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * ((i % 6) + 2), 0);
  return (11 - (sum % 11)) % 11 === check;
}

/** Belgium's enterprise number: ten digits, the last two 97 less the first eight modulo 97. */
function belgianEnterprise(value: string): boolean {
  return /^[0-9]{10}$/.test(value) && 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Sweden's organisation number: ten digits, the last a Luhn check of the first nine. */
function swedishOrganisation(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  const digits = digitsOf(value.slice(0, 9)).reverse();
  const sum = digits.reduce((total, digit, i) => total + (i % 2 === 0 ? ((digit * 2) % 10) + Math.floor((digit * 2) / 10) : digit), 0);
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** Australia's business number: eleven digits whose weighted sum, the first less one, is a multiple of 89. */
function australianBusiness(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const digits = digitsOf(value);
  digits[0] -= 1;
  return digits.reduce((total, digit, i) => total + digit * weights[i], 0) % 89 === 0;
}

/** Peppol's checks by scheme; the rules it only warns about are left out. */
const CHECKS: Record<string, { rule: string; valid(value: string): boolean; what: string }> = {
  '0088': { rule: 'PEPPOL-COMMON-R040', valid: gs1, what: 'a GLN with its GS1 check digit' },
  '0192': { rule: 'PEPPOL-COMMON-R041', valid: norwegianOrganisation, what: 'a Norwegian organisation number' },
  '0184': { rule: 'PEPPOL-COMMON-R042', valid: (value) => /^(DK)?[0-9]{8}$/.test(value), what: 'a Danish CVR number' },
  '0208': { rule: 'PEPPOL-COMMON-R043', valid: belgianEnterprise, what: 'a Belgian enterprise number' },
  '0007': { rule: 'PEPPOL-COMMON-R049', valid: swedishOrganisation, what: 'a Swedish organisation number' },
  '0151': { rule: 'PEPPOL-COMMON-R050', valid: australianBusiness, what: 'an Australian business number' },
};

/** What is wrong with an identifier under `scheme`, by Peppol's rule, or undefined when nothing is. */
export function identifierProblem(scheme: string, value: string): { rule: string; message: string } | undefined {
  const check = CHECKS[scheme];
  if (!check || check.valid(value.trim())) return undefined;
  return { rule: check.rule, message: `an identifier under scheme ${scheme} must be ${check.what}` };
}
