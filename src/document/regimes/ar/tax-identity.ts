import { cleanTaxId } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const TYPE_PREFIXES = ['20', '23', '27', '30', '33'];
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** CUIT/CUIL: eleven digits, a known type prefix and a modulo 11 check digit. */
export function cuitValid(code: string): boolean {
  if (!/^\d{11}$/.test(code) || !TYPE_PREFIXES.includes(code.slice(0, 2))) return false;
  let check = 11 - (weightedSum(code, WEIGHTS) % 11);
  if (check === 11) check = 0;
  else if (check === 10) check = 9;
  return check === Number(code[10]);
}

export const arIdentity: TaxIdentityDef = {
  country: 'AR',
  normalize: cleanTaxId,
  check: (code) => failIf(cuitValid(code), 'GOBL-AR-TAX-IDENTITY-01'),
};
