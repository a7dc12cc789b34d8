import { decodeJwt } from 'jose';
import { commandFlags } from './cli-options';
import { loadConfig } from '../config';
import { localSecret } from '../auth/local-secret';
import { mintToken } from '../auth/mint-token';

const COMMAND = {
  usage: 'npm run token -- [--workspace NAME] [--expires DURATION]',
  description:
    'Prints a token for a workspace, signed with JWT_SECRET or else the local secret in DATA_DIR. Under the local secret a token\n' +
    'lives 30 days unless told otherwise; under JWT_SECRET at most JWT_MAX_LIFETIME (the default), as the service accepts no longer one.',
  options: {
    workspace: { type: 'string', value: 'NAME', description: 'the workspace the token speaks for (default: default)' },
    expires: { type: 'string', value: 'DURATION', description: 'how long it lives: 3600 (seconds), 2h, 30d' },
  },
} as const;

/** `npm run token`: see COMMAND. */
async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  const workspace = flags.workspace ?? 'default';
  const config = loadConfig();
  if (config.jwt.publicKey || config.jwt.jwksUrl) {
    throw new Error('tokens come from your identity provider when JWT_PUBLIC_KEY or JWT_JWKS_URL is set');
  }
  const secret = config.jwt.secret ?? localSecret(config.dataDir).secret;
  const maxLifetime = config.jwt.secret ? config.jwt.maxLifetimeSeconds : undefined;
  const token = await mintToken(secret, workspace, {
    claim: config.jwt.workspaceClaim,
    expiresIn: flags.expires ?? (maxLifetime === undefined ? '30d' : `${maxLifetime}s`),
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
  });
  const { exp, iat } = decodeJwt(token);
  if (maxLifetime !== undefined && exp! - iat! > maxLifetime) {
    throw new Error(
      `with JWT_SECRET a token may live ${maxLifetime} seconds at most (JWT_MAX_LIFETIME): ask for less with --expires, or raise JWT_MAX_LIFETIME`,
    );
  }
  process.stdout.write(`${token}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
