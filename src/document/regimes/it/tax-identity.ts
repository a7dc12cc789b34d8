import { cleanTaxId } from '../../tax/identity-normalize';
import { luhnValid } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Partita IVA: eleven digits with a Luhn check digit. */
export function italianVatValid(code: string): boolean {
  return /^\d{11}$/.test(code) && luhnValid(code);
}

export const itIdentity: TaxIdentityDef = {
  country: 'IT',
  normalize: cleanTaxId,
  check: (code) => failIf(italianVatValid(code), 'GOBL-IT-TAX-IDENTITY-01'),
};
