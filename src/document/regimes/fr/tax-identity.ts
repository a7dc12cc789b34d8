import { cleanTaxCode } from '../../tax/identity-normalize';
import { luhnValid } from '../../tax/identity-checksum';
import { failIf, type TaxIdentityDef } from '../../tax/identity-def';

// La Poste's SIREN is exempt from the VAT key check.
const LA_POSTE_SIREN = '356000000';

/** The two-digit VAT key computed from a SIREN. */
export function frenchVatKey(siren: string): string {
  const key = (Number(siren) * 100 + 12) % 97;
  return String(key).padStart(2, '0');
}

export function sirenValid(code: string): boolean {
  return /^\d{9}$/.test(code) && luhnValid(code);
}

export function frenchVatValid(code: string): boolean {
  if (!/^[A-Z\d]{2}\d{9}$/.test(code)) return false;
  const key = code.slice(0, 2);
  const siren = code.slice(2);
  // Keys with letters belong to an older scheme GOBL accepts without computing.
  if (/[A-Z]/.test(key) || siren === LA_POSTE_SIREN) return true;
  return frenchVatKey(siren) === key;
}

export const frIdentity: TaxIdentityDef = {
  country: 'FR',
  normalize: (id) => {
    if (!id.code) return id;
    const code = cleanTaxCode(id.code, id.country);
    // A bare SIREN becomes a full VAT code by prefixing its key.
    return { ...id, code: sirenValid(code) ? frenchVatKey(code) + code : code };
  },
  check: (code) => failIf(frenchVatValid(code), 'GOBL-FR-TAX-IDENTITY-01'),
};
