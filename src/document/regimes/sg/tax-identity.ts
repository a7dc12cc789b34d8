import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** UEN layouts: companies (ROC), businesses (ROB) and other entities. */
export const UEN_FORMATS = [/^(19\d{2}|20\d{2})\d{5}[A-Z]$/, /^\d{8}[A-Z]$/, /^[TS]\d{2}[A-Z]{2}\d{4}[A-Z]$/];
const GST_ONLY = /^M[A-Z0-9]\d{7}[A-Z]$/;

export function uenValid(code: string): boolean {
  return UEN_FORMATS.some((re) => re.test(code));
}

/** GST registration numbers are usually the UEN, or a separate `M…` number. */
export const sgIdentity: TaxIdentityDef = {
  country: 'SG',
  normalize: cleanTaxId,
  check: (code) => failIf(uenValid(code) || GST_ONLY.test(code), 'GOBL-SG-TAX-IDENTITY-01'),
};
