import { cleanTaxId } from '../../tax/identity-normalize';
import { luhnValid } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

/** Momsregistreringsnummer: a ten-digit Luhn-valid organisation or personal number followed by `01`. */
export function swedishVatValid(code: string): boolean {
  return /^\d{10}01$/.test(code) && luhnValid(code.slice(0, 10));
}

export const seIdentity: TaxIdentityDef = {
  country: 'SE',
  normalize: cleanTaxId,
  check: (code) => failIf(swedishVatValid(code), 'GOBL-SE-TAX-IDENTITY-01'),
};
