import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { DomainError } from '../domain/errors';

/** Seconds of clock skew allowed on `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;
const MAX_WORKSPACE_LENGTH = 255;

/**
 * A verified token is remembered for this long at most (and never past its `exp`), so that a client sending
 * the same token again is not checked again: jose verifies signatures through WebCrypto, about 0.1 ms a
 * request, a tenth of what a list or a create costs. Short, so that a key taken out of a JWKS stops being
 * honoured soon after.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** How many verified tokens are remembered, the least recently used going first, and their bytes at most. */
export const VERIFIED_TOKENS_KEPT = 10_000;
export const VERIFIED_TOKENS_BYTES = 8 * 1024 ** 2;
/** A longer token is verified every time, never remembered: a header may be 16 KB, and a key must not keep that. */
export const MEMO_TOKEN_MAX_LENGTH = 2_048;

export type KeyMaterial = { key: Uint8Array | KeyObject | JWTVerifyGetKey; algorithms: string[] };

/** The algorithms a PEM public key may sign with; anything else (HS256 included) is refused. */
function algorithmsOf(key: KeyObject): string[] {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return ['RS256'];
    case 'ec':
      if (key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return ['ES256'];
      break;
    case 'ed25519':
      return ['EdDSA'];
  }
  throw new Error('JWT_PUBLIC_KEY must be an RSA, P-256 or Ed25519 public key');
}

/** Key material from configuration, or the local secret when none is configured. */
export function keyMaterial(jwt: Config['jwt'], fallbackSecret: () => string): KeyMaterial {
  if (jwt.publicKey) {
    const key = createPublicKey(jwt.publicKey);
    return { key, algorithms: algorithmsOf(key) };
  }
  if (jwt.jwksUrl) return { key: createRemoteJWKSet(new URL(jwt.jwksUrl)), algorithms: ['RS256', 'ES256', 'EdDSA'] };
  // A KeyObject rather than bytes: jose then imports the key once, not on every request.
  return { key: createSecretKey(Buffer.from(jwt.secret ?? fallbackSecret(), 'utf8')), algorithms: ['HS256'] };
}

const unauthorized = (message: string) => new DomainError('unauthorized', message);

/** Checks bearer tokens and names the workspace they grant. */
export class TokenVerifier {
  /** Token → its workspace and the time (ms) after which it must be verified again. Refused tokens are never kept. */
  private readonly verified = new LRUCache<string, { workspace: string; until: number }>({
    max: VERIFIED_TOKENS_KEPT,
    maxSize: VERIFIED_TOKENS_BYTES,
    sizeCalculation: (value, token) => 2 * (token.length + value.workspace.length) + 64,
  });

  constructor(
    private readonly material: KeyMaterial,
    private readonly jwt: Config['jwt'],
    private readonly now: () => number = Date.now,
  ) {}

  /** The workspace of a valid `Authorization: Bearer` header; throws `unauthorized` otherwise. */
  async workspaceOf(authorization: string | undefined): Promise<string> {
    const match = /^Bearer[ ]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)[ ]*$/i.exec(authorization ?? '');
    if (!authorization) throw unauthorized('a bearer token is required');
    if (!match) throw unauthorized('the authorization header must be "Bearer <token>"');
    const token = match[1];
    const now = this.now();
    const known = token.length <= MEMO_TOKEN_MAX_LENGTH ? this.verified.get(token) : undefined;
    if (known && now < known.until) return known.workspace;
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(token, this.material.key as Uint8Array, {
        algorithms: this.material.algorithms,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        issuer: this.jwt.issuer,
        audience: this.jwt.audience,
        currentDate: new Date(now),
      });
      payload = verified.payload;
    } catch {
      throw unauthorized('the token is not valid');
    }
    const workspace = payload[this.jwt.workspaceClaim];
    if (typeof workspace !== 'string' || workspace.length === 0 || workspace.length > MAX_WORKSPACE_LENGTH) {
      throw unauthorized(`the token has no ${this.jwt.workspaceClaim} claim`);
    }
    const expires = typeof payload.exp === 'number' ? (payload.exp + CLOCK_TOLERANCE_SECONDS) * 1000 : Infinity;
    if (token.length <= MEMO_TOKEN_MAX_LENGTH) this.verified.set(token, { workspace, until: Math.min(now + VERIFIED_TOKEN_TTL_MS, expires) });
    return workspace;
  }

  /** Tokens remembered and their estimated bytes (for tests). */
  memoStats(): { entries: number; bytes: number } {
    return { entries: this.verified.size, bytes: this.verified.calculatedSize };
  }
}
