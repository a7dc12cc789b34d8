import { decodeJwt } from 'jose';
import { optionValue } from '../cli-options';
import { loadConfig } from '../config';
import { localSecret } from './local-secret';
import { mintToken } from './mint-token';

/**
 * `npm run token -- --workspace acme [--expires 30d]`: prints a token for a workspace. Under the local secret a
 * token lives 30 days unless told otherwise; under JWT_SECRET it may live JWT_MAX_LIFETIME at most (the
 * default), as the service accepts no longer one.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const workspace = option('workspace') ?? 'default';
  const config = loadConfig();
  if (config.jwt.publicKey || config.jwt.jwksUrl) {
    throw new Error('tokens come from your identity provider when JWT_PUBLIC_KEY or JWT_JWKS_URL is set');
  }
  const secret = config.jwt.secret ?? localSecret(config.dataDir).secret;
  const maxLifetime = config.jwt.secret ? config.jwt.maxLifetimeSeconds : undefined;
  const token = await mintToken(secret, workspace, {
    claim: config.jwt.workspaceClaim,
    expiresIn: option('expires') ?? (maxLifetime === undefined ? '30d' : `${maxLifetime}s`),
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
  });
  const { exp, iat } = decodeJwt(token);
  if (maxLifetime !== undefined && exp! - iat! > maxLifetime) {
    throw new Error(`with JWT_SECRET a token may live ${maxLifetime} seconds at most (JWT_MAX_LIFETIME): ask for less with --expires, or raise JWT_MAX_LIFETIME`);
  }
  process.stdout.write(`${token}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
