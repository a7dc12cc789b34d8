import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Old scheme: the ninth digit checks the eight before it with weights 9..2 (mod 11). */
function mod11Valid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[7 - i]) * (i + 2);
  sum %= 11;
  if (sum > 9) sum = 0;
  return sum === Number(digits[8]);
}

/** Newer sole-trader numbers: the whole "NL…B…" string, letters as two digits, is 1 mod 97. */
function mod97Valid(full: string): boolean {
  let r = 0;
  for (const ch of full) {
    const v = /\d/.test(ch) ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 55;
    r = (r * (v > 9 ? 100 : 10) + v) % 97;
  }
  return r === 1;
}

/** BTW-id: nine digits, `B` and a two-digit suffix. */
export function dutchVatValid(code: string): boolean {
  if (code.length !== 12 || code[9] !== 'B') return false;
  const digits = code.slice(0, 9);
  const suffix = code.slice(10);
  if (!/^\d{9}$/.test(digits) || !/^\d{2}$/.test(suffix)) return false;
  return mod11Valid(digits) || mod97Valid(`NL${digits}B${suffix}`);
}

export const nlIdentity: TaxIdentityDef = {
  country: 'NL',
  normalize: cleanTaxId,
  check: (code) => failIf(dutchVatValid(code), 'GOBL-NL-TAX-IDENTITY-01'),
};
