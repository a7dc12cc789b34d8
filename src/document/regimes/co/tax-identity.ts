import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** NIT: nine or ten digits, the last a check digit over the others weighted from the right. */
export function colombianNitValid(code: string): boolean {
  if (!/^\d{9,10}$/.test(code)) return false;
  const body = code.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * WEIGHTS[body.length - i - 1];
  sum %= 11;
  if (sum >= 2) sum = 11 - sum;
  return sum === Number(code[code.length - 1]);
}

export const coIdentity: TaxIdentityDef = {
  country: 'CO',
  normalize: cleanTaxId,
  check: (code) => failIf(colombianNitValid(code), 'GOBL-CO-TAX-IDENTITY-01'),
};
