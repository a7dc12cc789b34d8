import { readTrustedKeys, type PublicJwk } from '../../signing/trusted-keys';
import { accepted, refused } from './setting';
import { custom } from './setting-kinds';

export const SIGNING_KEY = custom<string | undefined>({
  name: 'SIGNING_KEY',
  type: 'JWK JSON or PEM (`\\n` for newlines)',
  description: 'ES256 private key (JWK with `d`, or PEM) for signing envelopes',
  defaultText: 'generated in `DATA_DIR` (`signing-key.json`)',
  parse: (text) => accepted(text.replace(/\\n/g, '\n')),
});

export const SIGNING_TRUSTED_KEYS = custom<PublicJwk[]>({
  name: 'SIGNING_TRUSTED_KEYS',
  type: 'JWKS JSON, or the path of a file holding one',
  description:
    'other parties\' ES256 public keys, as a JWKS (`{"keys": [...]}`, each with a `kid`) given inline or as the path of a ' +
    'file; signatures they made are verified (`by: "trusted"`, docs/documents.md, Signing envelopes)',
  default: [],
  defaultText: 'none',
  parse: (text) => {
    const trusted = readTrustedKeys(text);
    return trusted.problems.length > 0 ? refused(...trusted.problems) : accepted(trusted.keys);
  },
});

export const SIGNING_SETTINGS = [SIGNING_KEY, SIGNING_TRUSTED_KEYS];
