import { cleanTaxId } from '../../tax/identity-normalize';
import { weightedSumMod11Zero } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** CVR: eight digits whose weighted sum is a multiple of 11. Also used for CVR identities. */
export function danishCvrValid(code: string): boolean {
  return weightedSumMod11Zero(code, [2, 7, 6, 5, 4, 3, 2, 1]);
}

export const dkIdentity: TaxIdentityDef = {
  country: 'DK',
  normalize: cleanTaxId,
  check: (code) => failIf(danishCvrValid(code), 'GOBL-DK-TAX-IDENTITY-01'),
};
