import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { ConfigError } from '../config';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../private-files';

/** A public key as published in the JWKS. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export const SIGNING_KEY_FILE = 'signing-key.json';

/** One ES256 key: its id, private half (when the service holds it) and public half. */
interface Key {
  kid: string;
  privateKey?: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
}

/**
 * The service's envelope signing keys: the active ES256 private key (from configuration, or created on
 * first start and kept in the data folder) and every public key it publishes. A key created earlier in
 * the data folder stays published after a key is configured, so older signatures still verify.
 */
export class SigningKeys {
  private constructor(
    private readonly active: Key,
    private readonly all: Key[],
  ) {}

  /** `configured` is SIGNING_KEY: an ES256 private key as JWK JSON or PEM. Throws a ConfigError when it is not one. */
  static load(configured: string | undefined, dataDir: string): SigningKeys {
    const stored = configured ? readStoredKey(dataDir) : storedKey(dataDir);
    const active = configured ? parseConfiguredKey(configured) : stored!;
    const all = [active, ...(stored && stored.kid !== active.kid ? [stored] : [])];
    return new SigningKeys(active, all);
  }

  get kid(): string {
    return this.active.kid;
  }

  /** The JWKS document: `{"keys": [...]}`, newest (active) first. */
  jwks(): { keys: PublicJwk[] } {
    return { keys: this.all.map((k) => ({ ...k.jwk })) };
  }

  /** An ES256 signature (r and s, 64 bytes) over `data` with the active key. */
  sign(data: Buffer): Buffer {
    return sign('sha256', data, { key: this.active.privateKey!, dsaEncoding: 'ieee-p1363' });
  }

  /** Whether `kid` names one of the service's keys. */
  knows(kid: unknown): boolean {
    return this.all.some((k) => k.kid === kid);
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
    throw new ConfigError(['SIGNING_KEY must be an ES256 key: an EC private key on the P-256 curve']);
  }
  const publicKey = createPublicKey(privateKey);
  const { x, y } = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const id = kid || thumbprint(x, y);
  return { kid: id, privateKey, publicKey, jwk: { kty: 'EC', crv: 'P-256', x, y, kid: id, alg: 'ES256', use: 'sig' } };
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
    throw new ConfigError(['SIGNING_KEY must be an ES256 private key, as JWK JSON (with "d") or PEM']);
  }
  return keyFrom(privateKey, kid);
}

/** The key kept in the data folder, or undefined when there is none. */
function readStoredKey(dataDir: string): Key | undefined {
  try {
    return fromStoredJson(readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function fromStoredJson(text: string): Key {
  const jwk = JSON.parse(text) as JsonWebKey & { kid: string };
  return keyFrom(createPrivateKey({ key: jwk, format: 'jwk' }), jwk.kid);
}

/** The key kept in the data folder, created on first use (readable by the owner only). */
function storedKey(dataDir: string): Key {
  const existing = readStoredKey(dataDir);
  if (existing) return existing;
  makePrivateDir(dataDir);
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  // A UUIDv7 key id, as GOBL gives its keys: ordered by creation time.
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JsonWebKey), kid: uuidv7(), alg: 'ES256', use: 'sig' };
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  try {
    writeFileSync(file, `${JSON.stringify(jwk, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromStoredJson(readFileSync(file, 'utf8'));
    throw error;
  }
  return fromStoredJson(JSON.stringify(jwk));
}
