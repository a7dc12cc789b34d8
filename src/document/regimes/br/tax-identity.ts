import { cleanTaxId } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

function mod11Digit(code: string, weights: number[]): number {
  const rest = weightedSum(code, weights) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** CNPJ (fourteen digits) or CPF (eleven digits), each with two modulo 11 check digits. */
export function brazilianTaxCodeValid(code: string): boolean {
  if (!/^\d+$/.test(code)) return false;
  if (code.length === 14) {
    return (
      mod11Digit(code, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(code[12]) &&
      mod11Digit(code, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(code[13])
    );
  }
  if (code.length === 11) {
    return (
      mod11Digit(code, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(code[9]) &&
      mod11Digit(code, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(code[10])
    );
  }
  return false;
}

export const brIdentity: TaxIdentityDef = {
  country: 'BR',
  normalize: cleanTaxId,
  check: (code) => failIf(brazilianTaxCodeValid(code), 'GOBL-BR-TAX-IDENTITY-01'),
};
