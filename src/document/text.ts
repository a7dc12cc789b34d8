/**
 * GOBL's cleaning of codes: Unicode NFC, characters that do not print removed (controls, format characters,
 * spaces other than the plain space), then trimmed.
 */
export function normalizeCode(code: string): string {
  return code.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S} ]/gu, '').trim();
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
