import { cleanTaxId } from '../../tax/identity-normalize';
import { weightedSumMod11Zero } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Y-tunnus: eight digits whose weighted sum is a multiple of 11. */
export const fiIdentity: TaxIdentityDef = {
  country: 'FI',
  normalize: cleanTaxId,
  check: (code) => failIf(weightedSumMod11Zero(code, [7, 9, 10, 5, 8, 4, 2, 1]), 'GOBL-FI-TAX-IDENTITY-01'),
};
