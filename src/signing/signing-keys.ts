import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files';
import type { PublicJwk } from './trusted-keys';

/** A signing key (SIGNING_KEY, SIGNING_TRUSTED_KEYS) the service cannot use: every problem found. The wiring reports it as configuration. */
export class SigningKeyError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

export type { PublicJwk } from './trusted-keys';

export const SIGNING_KEY_FILE = 'signing-key.json';

/** A private ES256 key as a JWK, with its key id. */
export type PrivateJwk = JsonWebKey & { kid: string };

/**
 * Everything SigningKeys is made of, as plain data that can be copied to another thread: the active
 * private key (JWK, or PEM or JWK text as SIGNING_KEY takes it), the public halves of the service's older
 * keys, and the public keys of other parties the service trusts (SIGNING_TRUSTED_KEYS).
 */
export interface SigningKeyMaterial {
  active: PrivateJwk | string;
  retired: PublicJwk[];
  trusted: PublicJwk[];
}

/** One ES256 key: its id, private half (for the active key) and public half; `own` when it is the service's. */
interface Key {
  kid: string;
  privateKey?: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
  own: boolean;
}

/**
 * The service's envelope signing keys: the active ES256 private key (from configuration, or created on
 * first start and kept in the data folder) and every public key it publishes. A key created earlier in
 * the data folder stays published after a key is configured, so older signatures still verify. It also
 * holds the public keys of other parties whose signatures the service accepts; those are not published.
 */
export class SigningKeys {
  private constructor(
    private readonly active: Key,
    private readonly all: Key[],
  ) {}

  /**
   * `configured` is SIGNING_KEY: an ES256 private key as JWK JSON or PEM; `trusted` is SIGNING_TRUSTED_KEYS.
   * Throws a SigningKeyError when a key is not usable.
   */
  static load(configured: string | undefined, dataDir: string, trusted: PublicJwk[] = []): SigningKeys {
    if (!configured) return SigningKeys.fromMaterial({ active: storedJwk(dataDir), retired: [], trusted });
    const stored = readStoredJwk(dataDir);
    const retired = stored ? [fromPrivateJwk(stored).jwk] : [];
    return SigningKeys.fromMaterial({ active: configured, retired, trusted });
  }

  /** The keys from plain data (see `material`); reads no file. */
  static fromMaterial(material: SigningKeyMaterial): SigningKeys {
    const active = typeof material.active === 'string' ? parseConfiguredKey(material.active) : fromPrivateJwk(material.active);
    const own = [active, ...material.retired.filter((jwk) => jwk.kid !== active.kid).map((jwk) => fromPublicJwk(jwk, true))];
    const clash = material.trusted.find((jwk) => own.some((k) => k.kid === jwk.kid));
    if (clash)
      throw new SigningKeyError([`SIGNING_TRUSTED_KEYS names the kid "${clash.kid}", which is one of the service's own signing keys`]);
    return new SigningKeys(active, [...own, ...material.trusted.map((jwk) => fromPublicJwk(jwk, false))]);
  }

  /** The plain data these keys are made of, for `fromMaterial` (in another thread, say). Holds the private key. */
  material(): SigningKeyMaterial {
    const active = { ...(this.active.privateKey!.export({ format: 'jwk' }) as JsonWebKey), kid: this.active.kid };
    const retired = this.all.filter((k) => k.own && k !== this.active).map((k) => ({ ...k.jwk }));
    const trusted = this.all.filter((k) => !k.own).map((k) => ({ ...k.jwk }));
    return { active, retired, trusted };
  }

  get kid(): string {
    return this.active.kid;
  }

  /** The JWKS document of the service's own keys: `{"keys": [...]}`, newest (active) first. */
  jwks(): { keys: PublicJwk[] } {
    return { keys: this.all.filter((k) => k.own).map((k) => ({ ...k.jwk })) };
  }

  /** An ES256 signature (r and s, 64 bytes) over `data` with the active key. */
  sign(data: Buffer): Buffer {
    return sign('sha256', data, { key: this.active.privateKey!, dsaEncoding: 'ieee-p1363' });
  }

  /** Whose key `kid` is: the service's own, another party's that the service trusts, or undefined when it knows none. */
  owner(kid: unknown): 'service' | 'trusted' | undefined {
    const key = this.all.find((k) => k.kid === kid);
    if (!key) return undefined;
    return key.own ? 'service' : 'trusted';
  }

  /** Checks an ES256 signature made by the key `kid`; false when it does not verify or the key is unknown. */
  verify(kid: string, data: Buffer, signature: Buffer): boolean {
    const key = this.all.find((k) => k.kid === kid);
    if (!key || signature.length !== 64) return false;
    return verify('sha256', data, { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, signature);
  }
}

function keyFrom(privateKey: KeyObject, kid: string | undefined): Key {
  const details = privateKey.asymmetricKeyDetails;
  if (privateKey.asymmetricKeyType !== 'ec' || details?.namedCurve !== 'prime256v1') {
    throw new SigningKeyError(['SIGNING_KEY must be an ES256 key: an EC private key on the P-256 curve']);
  }
  const publicKey = createPublicKey(privateKey);
  const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const id = kid || thumbprint(x, y);
  return { kid: id, privateKey, publicKey, jwk: { kty: 'EC', crv: 'P-256', x, y, kid: id, alg: 'ES256', use: 'sig' }, own: true };
}

function fromPrivateJwk(jwk: PrivateJwk): Key {
  return keyFrom(createPrivateKey({ key: jwk, format: 'jwk' }), jwk.kid);
}

function fromPublicJwk(jwk: PublicJwk, own: boolean): Key {
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  return { kid: jwk.kid, publicKey, jwk: { ...jwk }, own };
}

/** RFC 7638 thumbprint of a P-256 public key: the key id of a configured key that has none. */
function thumbprint(x: string, y: string): string {
  return createHash('sha256').update(`{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`).digest('base64url');
}

function parseConfiguredKey(text: string): Key {
  const trimmed = text.trim();
  let privateKey: KeyObject;
  let kid: string | undefined;
  try {
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as JsonWebKey & { kid?: unknown };
      if (typeof jwk.d !== 'string') throw new Error('no private part');
      kid = typeof jwk.kid === 'string' && jwk.kid !== '' ? jwk.kid : undefined;
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    } else {
      privateKey = createPrivateKey(trimmed);
    }
  } catch {
    throw new SigningKeyError(['SIGNING_KEY must be an ES256 private key, as JWK JSON (with "d") or PEM']);
  }
  return keyFrom(privateKey, kid);
}

/** The key kept in the data folder, or undefined when there is none. */
function readStoredJwk(dataDir: string): PrivateJwk | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8')) as PrivateJwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The key kept in the data folder, created on first use (readable by the owner only). */
function storedJwk(dataDir: string): PrivateJwk {
  const existing = readStoredJwk(dataDir);
  if (existing) return existing;
  makePrivateDir(dataDir);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  // A UUIDv7 key id, as GOBL gives its keys: ordered by creation time.
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JsonWebKey), kid: uuidv7(), alg: 'ES256', use: 'sig' };
  try {
    writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), `${JSON.stringify(jwk, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readStoredJwk(dataDir)!;
    throw error;
  }
  return jwk;
}
