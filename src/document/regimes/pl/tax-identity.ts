import { cleanTaxId } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;

/** NIP: ten digits, the last being the weighted sum of the first nine mod 11. */
export function polishNipValid(code: string): boolean {
  return NIP.test(code) && weightedSum(code, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(code[9]);
}

export const plIdentity: TaxIdentityDef = {
  country: 'PL',
  normalize: cleanTaxId,
  check: (code) => failIf(polishNipValid(code), 'GOBL-PL-TAX-IDENTITY-01'),
};
