import { cleanTaxCode } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** AFM: nine digits, the last being (Σ dᵢ·2^(8−i) mod 11) mod 10. */
export function greekAfmValid(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(code[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(code[8]);
}

/** Greece's tax code is EL; identities given with the ISO code GR are moved to EL. */
export const elIdentity: TaxIdentityDef = {
  country: 'EL',
  altCountries: ['GR'],
  normalize: (id) => ({ country: 'EL', code: cleanTaxCode(id.code, id.country, ['GR']) }),
  check: (code) => failIf(greekAfmValid(code), 'GOBL-GR-TAX-IDENTITY-01'),
};
