import { optionValue } from '../cli-options';
import { loadConfig } from '../config';
import { localSecret } from './local-secret';
import { mintToken } from './mint-token';

/** `npm run token -- --workspace acme [--expires 30d]`: prints a token for a workspace. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const workspace = option('workspace') ?? 'default';
  const config = loadConfig();
  if (config.jwt.publicKey || config.jwt.jwksUrl) {
    throw new Error('tokens come from your identity provider when JWT_PUBLIC_KEY or JWT_JWKS_URL is set');
  }
  const secret = config.jwt.secret ?? localSecret(config.dataDir).secret;
  const token = await mintToken(secret, workspace, {
    claim: config.jwt.workspaceClaim,
    expiresIn: option('expires') ?? '30d',
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
  });
  process.stdout.write(`${token}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
