import type { TaxId, TaxIdentityDef } from '../../tax/identity-def';

const PERSON = /^[A-ZÑ&]{4}[0-9]{6}[A-Z0-9]{3}$/;
const COMPANY = /^[A-ZÑ&]{3}[0-9]{6}[A-Z0-9]{3}$/;

export function mexicanRfcKind(code: string): 'person' | 'company' | undefined {
  if (PERSON.test(code)) return 'person';
  if (COMPANY.test(code)) return 'company';
  return undefined;
}

/** RFCs may themselves start with "MX", so the prefix is only dropped when what remains is still an RFC. */
function normalize(id: TaxId): TaxId {
  const clean = id.code.toUpperCase().replace(/[^A-ZÑ&0-9]+/g, '');
  const trimmed = clean.startsWith('MX') ? clean.slice(2) : clean;
  return { ...id, code: mexicanRfcKind(trimmed) ? trimmed : clean };
}

export const mxIdentity: TaxIdentityDef = {
  country: 'MX',
  normalize,
  check: (code) => (mexicanRfcKind(code) ? [] : ['GOBL-MX-TAX-IDENTITY-01']),
};
