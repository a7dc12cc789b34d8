import { SignJWT } from 'jose';

/** An HS256 token for a workspace, as the local setup and the token command hand out. */
export async function mintToken(
  secret: string,
  workspace: string,
  options: { claim?: string; expiresIn?: string; issuer?: string; audience?: string } = {},
): Promise<string> {
  const jwt = new SignJWT({ [options.claim ?? 'workspace_id']: workspace })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '30d');
  if (options.issuer) jwt.setIssuer(options.issuer);
  if (options.audience) jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(secret));
}
