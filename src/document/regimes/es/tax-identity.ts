import { cleanTaxCode } from '../../tax/identity-normalize';
import type { TaxIdentityDef } from '../../tax/identity-def';

// Spanish NIF kinds: national DNI, foreigner NIE, organisation CIF and "other" (K, L, M).
const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const ORG_CHECK_LETTERS = 'JABCDEFGHI';
const NATIONAL = /^(\d{8})([TRWAGMYFPDXBNJZSQVHLCKE])$/;
const FOREIGNER = /^([XYZ])(\d{7})([TRWAGMYFPDXBNJZSQVHLCKE])$/;
const OTHER = /^([KLM])(\d{7})([0-9JABCDEFGHI])$/;
const ORG = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9JABCDEFGHI])$/;

export type SpanishTaxIdKind = 'national' | 'foreigner' | 'org' | 'other';

/** Which kind of Spanish tax code this is, judged by its shape alone. */
export function spanishTaxIdKind(code: string): SpanishTaxIdKind | undefined {
  if (ORG.test(code)) return 'org';
  if (NATIONAL.test(code)) return 'national';
  if (FOREIGNER.test(code)) return 'foreigner';
  if (OTHER.test(code)) return 'other';
  return undefined;
}

function letterFor(n: number): string {
  return CHECK_LETTERS[n % 23];
}

function orgCheckValid(digits: string, check: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  const expected = (10 - (sum % 10)) % 10;
  const idx = ORG_CHECK_LETTERS.indexOf(check);
  return (idx >= 0 ? idx : Number(check)) === expected;
}

export function spanishTaxCodeValid(code: string): boolean {
  let m: RegExpExecArray | null;
  switch (spanishTaxIdKind(code)) {
    case 'national':
      m = NATIONAL.exec(code)!;
      return m[1] !== '00000000' && letterFor(Number(m[1])) === m[2];
    case 'foreigner':
      m = FOREIGNER.exec(code)!;
      return letterFor(Number(`${'XYZ'.indexOf(m[1])}${m[2]}`)) === m[3];
    case 'org':
      m = ORG.exec(code)!;
      return orgCheckValid(m[2], m[3]);
    case 'other':
      m = OTHER.exec(code)!;
      return orgCheckValid(m[2], m[3]);
    default:
      return false;
  }
}

export const esIdentity: TaxIdentityDef = {
  country: 'ES',
  normalize: (id) => {
    let code = cleanTaxCode(id.code, id.country);
    // Numeric NIFs lose leading zeros when typed; GOBL pads them back to nine characters.
    if (/^\d/.test(code)) code = code.padStart(9, '0');
    return { ...id, code };
  },
  check: (code) => (spanishTaxCodeValid(code) ? [] : ['GOBL-ES-TAX-IDENTITY-01']),
};
