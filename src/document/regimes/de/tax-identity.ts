import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** USt-IdNr: nine digits, the last an ISO 7064 MOD 11,10 check digit. */
export function germanVatValid(code: string): boolean {
  if (!/^[1-9]\d{8}$/.test(code)) return false;
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(code[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return check === Number(code[8]);
}

export const deIdentity: TaxIdentityDef = {
  country: 'DE',
  normalize: cleanTaxId,
  check: (code) => failIf(germanVatValid(code), 'GOBL-DE-TAX-IDENTITY-01'),
};
