import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** VAT number: fifteen digits starting and ending with 3. */
export const saIdentity: TaxIdentityDef = {
  country: 'SA',
  normalize: cleanTaxId,
  check: (code) => failIf(/^3\d{13}3$/.test(code), 'GOBL-SA-TAX-IDENTITY-01'),
};
