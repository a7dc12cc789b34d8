import { cleanTaxCode } from '../../tax/identity-normalize';
import { weightedSum } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

const VAT_SUFFIX = 'MVA';

/** Organisasjonsnummer: nine digits with a modulo 11 check digit. Also used for ON identities. */
export function norwegianOrgNumberValid(code: string): boolean {
  if (!/^\d{9}$/.test(code)) return false;
  const rest = weightedSum(code, [3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  const check = rest === 0 ? 0 : 11 - rest;
  return check !== 10 && check === Number(code[8]);
}

export const noIdentity: TaxIdentityDef = {
  country: 'NO',
  normalize: (id) => {
    const code = cleanTaxCode(id.code, id.country);
    // A VAT-registered organisation number always carries the MVA suffix.
    return { ...id, code: code !== '' && !code.endsWith(VAT_SUFFIX) ? code + VAT_SUFFIX : code };
  },
  check: (code) =>
    failIf(code.endsWith(VAT_SUFFIX) && norwegianOrgNumberValid(code.slice(0, -VAT_SUFFIX.length)), 'GOBL-NO-TAX-IDENTITY-01'),
};
