import type { Fault } from '../document';

/** The problem of each signature at fault, by its index in the envelope's `sigs`. */
export type SignatureProblems = Record<string, string>;

/**
 * Why signing or a check of signatures did not go through: returned, not thrown, so that the caller (the
 * domain) decides what the client is told.
 * - `not-ready`: the document has faults, or is not ready to be signed (`faults` holds both);
 * - `too-many`: the envelope carries more signatures than are checked (`max`);
 * - `refused`: these signatures are forged, broken, or of another content.
 */
export type SigningFault =
  | { kind: 'not-ready'; faults: Fault[] }
  | { kind: 'too-many'; count: number; max: number }
  | { kind: 'refused'; problems: SignatureProblems };
