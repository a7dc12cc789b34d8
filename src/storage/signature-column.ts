import type { SignatureVerdict } from '../domain/entries/model/entry';

/** An entry's signature verdict as the `signature` column holds it: JSON text, or NULL when it has none. */
export const signatureText = (verdict: SignatureVerdict | undefined): string | null =>
  verdict === undefined ? null : JSON.stringify(verdict);

/** The verdict read back from the `signature` column. */
export const signatureOf = (text: string | null | undefined): SignatureVerdict | undefined =>
  text ? (JSON.parse(text) as SignatureVerdict) : undefined;
