import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** TRN: fifteen digits. */
export const aeIdentity: TaxIdentityDef = {
  country: 'AE',
  normalize: cleanTaxId,
  check: (code) => failIf(/^\d{15}$/.test(code), 'GOBL-AE-TAX-IDENTITY-01'),
};
