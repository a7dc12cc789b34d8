import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { DomainError } from '../domain/shared/errors';

/** Seconds of clock skew allowed on `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;
const MAX_WORKSPACE_LENGTH = 255;

/**
 * A token verified against a fixed key (the local secret, JWT_SECRET or JWT_PUBLIC_KEY) is remembered for this
 * long at most (and never past its `exp`), so that a client sending the same token again is not checked again:
 * jose verifies signatures through WebCrypto, about 0.1 ms a request, a tenth of what a list or a create costs.
 * Tokens checked against a JWKS are not remembered: a key taken out of the JWKS must stop being honoured once
 * the fetched JWKS is older than JWT_JWKS_CACHE_AGE, not up to a minute later still.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** How many verified tokens are remembered, the least recently used going first, and their bytes at most. */
export const VERIFIED_TOKENS_KEPT = 10_000;
export const VERIFIED_TOKENS_BYTES = 8 * 1024 ** 2;
/** A longer token is verified every time, never remembered: a header may be 16 KB, and a key must not keep that. */
export const MEMO_TOKEN_MAX_LENGTH = 2_048;
/** The least time between two JWKS fetches asked for by a token with an unknown `kid` (jose's default). */
const JWKS_COOLDOWN_MS = 30_000;

/**
 * Where the keys come from. `local`: the secret the service made in DATA_DIR, whose tokens it mints itself
 * (`npm run token`), so JWT_MAX_LIFETIME does not bound them; `configured`: JWT_SECRET or JWT_PUBLIC_KEY;
 * `jwks`: JWT_JWKS_URL, whose keys may be withdrawn at any time.
 */
export type KeySource = 'local' | 'configured' | 'jwks';
export type KeyMaterial = { key: Uint8Array | KeyObject | JWTVerifyGetKey; algorithms: string[]; source: KeySource };

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
    return { key, algorithms: algorithmsOf(key), source: 'configured' };
  }
  if (jwt.jwksUrl) {
    // jose keeps a fetched JWKS for 10 minutes unless told otherwise; a new kid may trigger a fetch no sooner
    // than the cooldown after the last one, which must not outlast the cache age either.
    const jwks = createRemoteJWKSet(new URL(jwt.jwksUrl), {
      cacheMaxAge: jwt.jwksCacheMs,
      cooldownDuration: Math.min(JWKS_COOLDOWN_MS, jwt.jwksCacheMs),
    });
    return { key: jwks, algorithms: ['RS256', 'ES256', 'EdDSA'], source: 'jwks' };
  }
  // A KeyObject rather than bytes: jose then imports the key once, not on every request.
  const secret = createSecretKey(Buffer.from(jwt.secret ?? fallbackSecret(), 'utf8'));
  return { key: secret, algorithms: ['HS256'], source: jwt.secret ? 'configured' : 'local' };
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

  /**
   * The workspace a valid token grants; throws `unauthorized` otherwise. The token comes bare: reading it from a
   * request (its Authorization header, a WebSocket's connection params) is src/http/authentication.ts's job.
   */
  async workspaceOf(token: string): Promise<string> {
    const now = this.now();
    // JWKS tokens are checked every time (a removed key must stop working); overlong tokens are never kept as keys.
    const remember = this.material.source !== 'jwks' && token.length <= MEMO_TOKEN_MAX_LENGTH;
    const known = remember ? this.verified.get(token) : undefined;
    if (known && now < known.until) return known.workspace;
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, this.material.key as Uint8Array, {
        algorithms: this.material.algorithms,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        issuer: this.jwt.issuer,
        audience: this.jwt.audience,
        currentDate: new Date(now),
        requiredClaims: ['exp'],
      });
      payload = verified.payload;
    } catch (error) {
      // Claims are checked after the signature: only the holder of a well-signed token learns what is wrong.
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'exp' && error.reason === 'missing') {
        throw unauthorized('the token must have an expiry (exp)');
      }
      throw unauthorized('the token is not valid');
    }
    const workspace = payload[this.jwt.workspaceClaim];
    if (typeof workspace !== 'string' || workspace.length === 0 || workspace.length > MAX_WORKSPACE_LENGTH) {
      throw unauthorized(`the token has no ${this.jwt.workspaceClaim} claim`);
    }
    // A lone surrogate has no UTF-8 form: MariaDB would store U+FFFD, and two workspaces would become one.
    if (!workspace.isWellFormed()) throw unauthorized(`the ${this.jwt.workspaceClaim} claim must be well-formed Unicode`);
    const exp = payload.exp!;
    if (this.material.source !== 'local') this.checkLifetime(exp, payload.iat, now / 1000);
    if (remember)
      this.verified.set(token, { workspace, until: Math.min(now + VERIFIED_TOKEN_TTL_MS, (exp + CLOCK_TOLERANCE_SECONDS) * 1000) });
    return workspace;
  }

  /**
   * A token of an outside issuer may be valid for JWT_MAX_LIFETIME at most: counted from `iat`, and from now
   * (with the clock tolerance) whatever `iat` says, so that an `iat` in the future buys nothing.
   */
  private checkLifetime(exp: number, iat: number | undefined, nowSeconds: number): void {
    const max = this.jwt.maxLifetimeSeconds;
    if ((iat !== undefined && exp - iat > max) || exp - nowSeconds > max + CLOCK_TOLERANCE_SECONDS) {
      throw unauthorized(`the token is valid for longer than the ${max} seconds allowed (JWT_MAX_LIFETIME)`);
    }
  }

  /** Tokens remembered and their estimated bytes (for tests). */
  memoStats(): { entries: number; bytes: number } {
    return { entries: this.verified.size, bytes: this.verified.calculatedSize };
  }
}
