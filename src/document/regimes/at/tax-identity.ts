import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** UID: `U` and eight digits, the last a check digit over the seven before it. */
export function austrianVatValid(code: string): boolean {
  if (!/^U\d{8}$/.test(code)) return false;
  let total = 0;
  for (let i = 0; i < 7; i++) {
    const x = Number(code[i + 1]) * (i % 2 === 0 ? 1 : 2);
    total += x > 9 ? Math.floor(x / 10) + (x % 10) : x;
  }
  let check = 10 - ((total + 4) % 10);
  if (check === 10) check = 0;
  return check === Number(code[8]);
}

export const atIdentity: TaxIdentityDef = {
  country: 'AT',
  normalize: cleanTaxId,
  check: (code) => failIf(austrianVatValid(code), 'GOBL-AT-TAX-IDENTITY-01'),
};
