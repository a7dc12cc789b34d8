import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Enterprise/VAT number: ten digits (a leading 0 or 1 may be omitted), the last two being 97 − (first eight mod 97). */
export function belgianVatValid(code: string): boolean {
  if (!/^[01]?\d{9}$/.test(code)) return false;
  const full = code.length === 9 ? `0${code}` : code;
  return 97 - (Number(full.slice(0, 8)) % 97) === Number(full.slice(8, 10));
}

export const beIdentity: TaxIdentityDef = {
  country: 'BE',
  normalize: cleanTaxId,
  check: (code) => failIf(belgianVatValid(code), 'GOBL-BE-TAX-IDENTITY-01'),
};
