import { cleanTaxCode } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

// The VAT register adds a language suffix to the UID; it is not part of the code.
const SUFFIX = /(MWST|TVA|IVA)$/;

/** UID: `E` and nine digits, the last a modulo 11 check digit. */
export function swissUidValid(code: string): boolean {
  if (!/^E\d{9}$/.test(code)) return false;
  let check = 11 - (weightedSum(code, [5, 4, 3, 2, 7, 6, 5, 4], 1) % 11);
  if (check === 10) return false;
  if (check === 11) check = 0;
  return check === Number(code[9]);
}

export const chIdentity: TaxIdentityDef = {
  country: 'CH',
  normalize: (id) => ({ ...id, code: cleanTaxCode(id.code, id.country).replace(SUFFIX, '') }),
  check: (code) => failIf(swissUidValid(code), 'GOBL-CH-TAX-IDENTITY-01'),
};
