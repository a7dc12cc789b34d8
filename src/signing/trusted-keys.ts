import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** An ES256 public key as a JWK, with the key id that signatures name in their `kid`. */
export interface PublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

const NAME = 'SIGNING_TRUSTED_KEYS';

/**
 * Reads SIGNING_TRUSTED_KEYS: the public keys of other parties whose envelope signatures the service
 * accepts, as a JWKS (`{"keys": [...]}`) given inline or as the path of a file that holds one. Every key
 * must be an ES256 public key (EC, P-256) with its own `kid`. Returns the keys, or every problem found.
 */
export function readTrustedKeys(text: string): { keys: PublicJwk[]; problems: string[] } {
  let json = text;
  if (!text.startsWith('{')) {
    try {
      json = readFileSync(text, 'utf8');
    } catch (error) {
      return failed(
        `${NAME} must be a JWKS as JSON or the path of a file holding one; cannot read "${text}" (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      );
    }
  }
  let jwks: unknown;
  try {
    jwks = JSON.parse(json);
  } catch {
    return failed(`${NAME} is not valid JSON: it must be a JWKS, {"keys": [...]}`);
  }
  const list = isRecord(jwks) ? jwks.keys : undefined;
  if (!Array.isArray(list)) return failed(`${NAME} must be a JWKS: an object whose "keys" is a list of public keys`);

  const problems: string[] = [];
  const keys: PublicJwk[] = [];
  list.forEach((jwk: unknown, index) => {
    const problem = keyProblem(jwk);
    if (problem) return problems.push(`${NAME} key ${index}: ${problem}`);
    const { x, y, kid } = jwk as Record<string, string>;
    if (keys.some((k) => k.kid === kid)) return problems.push(`${NAME} key ${index}: the kid "${kid}" is given twice`);
    keys.push({ kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' });
  });
  return { keys, problems };
}

function keyProblem(jwk: unknown): string | undefined {
  if (!isRecord(jwk)) return 'must be a JWK object';
  if (typeof jwk.kid !== 'string' || jwk.kid === '') return 'needs a "kid": signatures name their key by it';
  if (jwk.d !== undefined) return `"${jwk.kid}" holds a private part ("d"): give public keys only`;
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256') return `"${jwk.kid}" must be an ES256 key: "kty": "EC", "crv": "P-256"`;
  if (jwk.alg !== undefined && jwk.alg !== 'ES256') return `"${jwk.kid}" has "alg" ${JSON.stringify(jwk.alg)}; only ES256 is accepted`;
  if (jwk.use !== undefined && jwk.use !== 'sig') return `"${jwk.kid}" has "use" ${JSON.stringify(jwk.use)}; it must be "sig"`;
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } as JsonWebKey, format: 'jwk' });
  } catch {
    return `"${jwk.kid}" is not a valid P-256 public key ("x" and "y")`;
  }
  return undefined;
}

const failed = (problem: string) => ({ keys: [], problems: [problem] });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
