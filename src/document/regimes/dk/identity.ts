import { cleanTaxCode } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** CVR: eight digits whose weighted sum is a multiple of 11. Also used for CVR identities. */
export function danishCvrValid(code: string): boolean {
  return /^\d{8}$/.test(code) && weightedSum(code, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

export const dkIdentity: TaxIdentityDef = {
  country: 'DK',
  normalize: (id) => ({ ...id, code: cleanTaxCode(id.code, id.country) }),
  check: (code) => failIf(danishCvrValid(code), 'GOBL-DK-TAX-IDENTITY-01'),
};
