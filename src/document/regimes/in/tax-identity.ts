import { cleanTaxCode } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN: state code, PAN, entity number, `Z` and a base-36 check character. */
export function gstinValid(code: string): boolean {
  if (!GSTIN.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(code[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36] === code[14];
}

export const inIdentity: TaxIdentityDef = {
  country: 'IN',
  normalize: (id) => ({ country: 'IN', code: cleanTaxCode(id.code, id.country, ['IN']) }),
  check: (code) => failIf(gstinValid(code), 'GOBL-IN-TAX-IDENTITY-01'),
};
