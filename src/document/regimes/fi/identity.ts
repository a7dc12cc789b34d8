import { cleanTaxCode } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Y-tunnus: eight digits whose weighted sum is a multiple of 11. */
export function finnishBusinessIdValid(code: string): boolean {
  return /^\d{8}$/.test(code) && weightedSum(code, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0;
}

export const fiIdentity: TaxIdentityDef = {
  country: 'FI',
  normalize: (id) => ({ ...id, code: cleanTaxCode(id.code, id.country) }),
  check: (code) => failIf(finnishBusinessIdValid(code), 'GOBL-FI-TAX-IDENTITY-01'),
};
