import type { TaxId } from './identity-def';

/** Characters a tax code may keep; Ñ and & appear in Mexican RFCs. */
const BAD_CHARS = /[^A-Z0-9Ñ&]+/g;

/**
 * GOBL's generic tax code cleanup: upper case, drop every separator or symbol,
 * then drop a leading country prefix (the identity's own, then any alternatives).
 */
export function cleanTaxCode(code: string, country: string, altPrefixes: string[] = []): string {
  let out = code.toUpperCase().replace(BAD_CHARS, '');
  if (country && out.startsWith(country)) out = out.slice(country.length);
  for (const alt of altPrefixes) if (alt && out.startsWith(alt)) out = out.slice(alt.length);
  return out;
}

/** An identity with its code cleaned the generic way: the normalizer of most countries. */
export function cleanTaxId(id: TaxId): TaxId {
  return { ...id, code: cleanTaxCode(id.code, id.country) };
}

/** Keeps only digits, for identity numbers written with separators. */
export function digitsOnly(code: string): string {
  return code.replace(/\D+/g, '');
}

/** Keeps only upper-cased letters and digits. */
export function alphanumericOnly(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}
