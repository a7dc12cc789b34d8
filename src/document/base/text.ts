/**
 * GOBL's cleaning of codes: Unicode NFC, characters that do not print removed (controls, format characters,
 * spaces other than the plain space), then trimmed.
 */
export function normalizeCode(code: string): string {
  return code
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/gu, '')
    .trim();
}

/** GOBL's cleaning of free text: NUL characters removed and white space trimmed. */
export function normalizeText(text: string): string {
  return text.replace(/\u0000/g, '').trim();
}

/** Applies `normalizeCode` to the given string fields of a node that are present. */
export function normalizeCodeFields(node: Record<string, unknown>, fields: readonly string[]): void {
  for (const f of fields) {
    const v = node[f];
    if (typeof v === 'string') node[f] = normalizeCode(v);
  }
}

/** Letters and digits a strict code is made of, and the single separators allowed between them. */
const STRICT_SEPARATORS = '.\\-:/,_& ';
const STRICT_RUN = new RegExp(`([${STRICT_SEPARATORS}])[^A-ZÑa-z0-9]+`, 'g');
const STRICT_INVALID = new RegExp(`[^A-ZÑa-z0-9${STRICT_SEPARATORS}]+`, 'g');

/**
 * GOBL's strict code form, for machine-read identifiers: trimmed, a separator followed by other
 * non-alphanumerics keeps only that separator, and anything else outside the allowed set is removed.
 */
export function normalizeStrictCode(code: string): string {
  return code.trim().replace(STRICT_RUN, '$1').replace(STRICT_INVALID, '');
}
