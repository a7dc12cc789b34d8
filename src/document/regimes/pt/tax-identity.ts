import { cleanTaxId } from '../../tax/identity-normalize';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

// First digits a NIF may start with (single-digit and two-digit prefixes).
const PREFIXES = new Set(['1', '2', '3', '5', '6', '8', '45', '70', '71', '72', '74', '75', '77', '78', '79', '90', '91', '98', '99']);

export function portugueseNifValid(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  if (!PREFIXES.has(code.slice(0, 1)) && !PREFIXES.has(code.slice(0, 2))) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(code[i]) * (9 - i);
  const rest = sum % 11;
  const check = rest < 2 ? 0 : 11 - rest;
  return check === Number(code[8]);
}

export const ptIdentity: TaxIdentityDef = {
  country: 'PT',
  normalize: cleanTaxId,
  check: (code) => failIf(portugueseNifValid(code), 'GOBL-PT-TAX-IDENTITY-01'),
};
