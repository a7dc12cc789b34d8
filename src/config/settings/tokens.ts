import { accepted, refused, type Setting } from './setting';
import { custom, duration, text } from './setting-kinds';

/** Facts of every token, whichever key checks it. */
export const TOKENS_ABOUT =
  'With none of `JWT_SECRET`, `JWT_PUBLIC_KEY` and `JWT_JWKS_URL` set (set at most one), the local secret in `DATA_DIR` signs and ' +
  'checks tokens. Every token must have an expiry (`exp`, with 30 seconds of leeway; a token without one is 401), may carry ' +
  '`nbf`, and must name a workspace in well-formed Unicode (a claim with a lone surrogate is 401); only the algorithms of the ' +
  'configured key are accepted. A token checked against a fixed key is trusted again without a new signature check for up to ' +
  'a minute, never past its expiry.';

export const JWT_SECRET = text({
  name: 'JWT_SECRET',
  description: 'HS256 shared secret',
  minBytes: 32,
  defaultText: 'unset: the local secret in `DATA_DIR` (`jwt-secret`)',
});

export const JWT_PUBLIC_KEY = custom<string | undefined>({
  name: 'JWT_PUBLIC_KEY',
  type: 'PEM public key (`\\n` for newlines)',
  description: 'PEM public key: RSA (RS256), P-256 (ES256) or Ed25519 (EdDSA)',
  parse: (text) => {
    const pem = text.replace(/\\n/g, '\n');
    return pem.includes('-----BEGIN PUBLIC KEY-----')
      ? accepted(pem)
      : refused('JWT_PUBLIC_KEY must be a PEM public key (-----BEGIN PUBLIC KEY-----)');
  },
});

export const JWT_JWKS_URL = custom<string | undefined>({
  name: 'JWT_JWKS_URL',
  type: 'http(s) address',
  description: 'JWKS address of an identity provider; every request is checked against the JWKS fetched from it (see `JWT_JWKS_CACHE_AGE`)',
  parse: (text) => (/^https?:\/\//.test(text) ? accepted(text) : refused('JWT_JWKS_URL must be an http(s) address')),
});

export const JWT_ISSUER = text({ name: 'JWT_ISSUER', description: "tokens' `iss`, checked when set" });

export const JWT_AUDIENCE = text({ name: 'JWT_AUDIENCE', description: "tokens' `aud`, checked when set" });

export const JWT_WORKSPACE_CLAIM = text({
  name: 'JWT_WORKSPACE_CLAIM',
  description: 'the claim that names the workspace',
  default: 'workspace_id',
});

export const JWT_MAX_LIFETIME = duration({
  name: 'JWT_MAX_LIFETIME',
  description:
    'the longest a token of `JWT_SECRET`, `JWT_PUBLIC_KEY` or `JWT_JWKS_URL` may be valid for (`exp - iat`, and `exp` from now); ' +
    'a longer one is 401, saying so. With `JWT_SECRET` set, `npm run token` mints tokens of this lifetime and refuses a longer ' +
    "`--expires`. The local secret's tokens are the service's own and not bounded: the one printed at first start and those of " +
    '`npm run token` live 30 days (`--expires` chooses)',
  default: 24 * 3_600_000,
  defaultText: '`24h`',
  atLeast: { ms: 1000, words: 'one second' },
});

export const JWT_JWKS_CACHE_AGE = duration({
  name: 'JWT_JWKS_CACHE_AGE',
  description:
    'how long a JWKS fetched from `JWT_JWKS_URL` is used before it is fetched again: a key removed from it stops being honoured within this time',
  default: 60_000,
  defaultText: '`60s`',
});

/** One key checks tokens: two would leave which one applies to chance (said even when one of them is bad). */
export function oneTokenKeyProblem(isSet: (setting: Setting<unknown>) => boolean): string | undefined {
  const set = [JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URL].filter(isSet);
  return set.length > 1 ? 'set only one of JWT_SECRET, JWT_PUBLIC_KEY and JWT_JWKS_URL' : undefined;
}

export const TOKEN_SETTINGS = [
  JWT_SECRET,
  JWT_PUBLIC_KEY,
  JWT_JWKS_URL,
  JWT_ISSUER,
  JWT_AUDIENCE,
  JWT_WORKSPACE_CLAIM,
  JWT_MAX_LIFETIME,
  JWT_JWKS_CACHE_AGE,
];
