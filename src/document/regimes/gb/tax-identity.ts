import { cleanTaxCode } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import type { TaxIdentityDef } from '../../tax/identity-def';

const ALT = ['XI', 'XU'];
const FORMAT = /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

/** Whole-number reading that yields 0 for anything not a plain integer (as Go's Atoi does on error). */
function intOrZero(value: string): number {
  return /^[+-]?\d+$/.test(value) ? Number(value) : 0;
}

function notZeros(code: string): boolean {
  if (code.startsWith('GD') || code.startsWith('HA')) return true;
  return intOrZero(code) !== 0;
}

/** Commercial numbers use the mod 97 and the newer "mod 9755" schemes; departments and health authorities use number ranges. */
export function ukVatChecksumValid(code: string): boolean {
  if (code.startsWith('GD')) return intOrZero(code.slice(2)) <= 499;
  if (code.startsWith('HA')) return intOrZero(code.slice(2)) >= 500;
  if (code.length < 9 || intOrZero(code) === 0) return false;
  const num = Number(code.slice(0, 7));
  const sum = weightedSum(code, [8, 7, 6, 5, 4, 3, 2]);
  let check = sum % 97 === 0 ? 0 : 97 - (sum % 97);
  const last = Number(code.slice(7, 9));
  if (check === last && num < 9990001 && (num < 100000 || num > 999999) && (num < 9490001 || num > 9700000)) {
    return true;
  }
  check = check >= 55 ? check - 55 : check + 42;
  return check === last && num > 1000000;
}

export const gbIdentity: TaxIdentityDef = {
  country: 'GB',
  altCountries: ALT,
  normalize: (id) => ({ ...id, code: cleanTaxCode(id.code, id.country, ALT) }),
  check: (code) => [
    ...(FORMAT.test(code) ? [] : ['GOBL-GB-TAX-IDENTITY-01']),
    ...(notZeros(code) ? [] : ['GOBL-GB-TAX-IDENTITY-02']),
    ...(ukVatChecksumValid(code) ? [] : ['GOBL-GB-TAX-IDENTITY-03']),
  ],
};
