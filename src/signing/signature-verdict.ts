/**
 * Who made one of an envelope's signatures, as far as the service can tell: this workspace (the service's key,
 * made for this workspace), the service for another workspace, a party of SIGNING_TRUSTED_KEYS, or a key the
 * service does not know (`unknown`: the signature could not be verified here).
 */
export type SignerKind = 'workspace' | 'service' | 'trusted' | 'unknown';

/** The check of one signature of the envelope (the same index in `sigs`). */
export interface SignatureCheck {
  kid?: string;
  by: SignerKind;
  verified: boolean;
  /** Why it could not be verified. */
  problem?: string;
}

/** What the service verified of a signed envelope when it was stored: `verified` when every signature was. */
export interface SignatureVerdict {
  verified: boolean;
  sigs: SignatureCheck[];
}
