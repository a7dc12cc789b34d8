import { createSecretKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { SignJWT } from 'jose';
import { TokenVerifier } from '../../src/auth/token-verifier';
import { DomainError } from '../../src/domain/shared/errors';
import { authenticated, authentication, type Credentials } from '../../src/http/authentication';

const SECRET = createSecretKey(Buffer.from('a-secret-for-the-authentication-tests-0123'));
const OTHER_SECRET = createSecretKey(Buffer.from('another-secret-that-signs-nothing-we-trust'));

const authenticate = authentication(
  new TokenVerifier(
    { key: SECRET, algorithms: ['HS256'], source: 'configured' },
    { workspaceClaim: 'workspace_id', maxLifetimeSeconds: 3600, jwksCacheMs: 60_000 },
  ),
);

const tokenFor = (workspace: string, secret = SECRET) =>
  new SignJWT({ workspace_id: workspace }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(secret);

/** The refusal the credentials meet, or undefined when they are accepted. */
async function refusalOf(credentials: Credentials): Promise<DomainError | undefined> {
  try {
    await authenticate(credentials);
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('authenticate: credentials to a principal', () => {
  test('an Authorization header with a valid bearer token names its workspace, whatever the scheme case and trailing spaces', async () => {
    const token = await tokenFor('acme');
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, `BEARER   ${token}  `]) {
      expect(await authenticate({ authorization })).toEqual({ workspaceId: 'acme' });
    }
  });

  test('a bare token, as a WebSocket sends it, names its workspace', async () => {
    expect(await authenticate({ token: await tokenFor('globex') })).toEqual({ workspaceId: 'globex' });
  });

  test.each<[string, () => Promise<Credentials>, string]>([
    ['no header', async () => ({ authorization: undefined }), 'a bearer token is required'],
    ['an empty header', async () => ({ authorization: '' }), 'a bearer token is required'],
    [
      'another scheme',
      async () => ({ authorization: `Token ${await tokenFor('acme')}` }),
      'the authorization header must be "Bearer <token>"',
    ],
    [
      'a bare token in the header',
      async () => ({ authorization: await tokenFor('acme') }),
      'the authorization header must be "Bearer <token>"',
    ],
    [
      'two tokens in the header',
      async () => ({ authorization: `Bearer ${await tokenFor('a')} ${await tokenFor('b')}` }),
      'the authorization header must be "Bearer <token>"',
    ],
    [
      'a header with a token of another key',
      async () => ({ authorization: `Bearer ${await tokenFor('acme', OTHER_SECRET)}` }),
      'the token is not valid',
    ],
    ['no token', async () => ({ token: undefined }), 'a bearer token is required'],
    ['a null token', async () => ({ token: null }), 'a bearer token is required'],
    ['a token that is not a string', async () => ({ token: { jwt: await tokenFor('acme') } }), 'the token is not valid'],
    ['a token given as a header value', async () => ({ token: `Bearer ${await tokenFor('acme')}` }), 'the token is not valid'],
    ['a token of another key', async () => ({ token: await tokenFor('acme', OTHER_SECRET) }), 'the token is not valid'],
  ])('%s is the 401 unauthorized', async (_name, credentials, message) => {
    const refusal = await refusalOf(await credentials());
    expect(refusal).toBeInstanceOf(DomainError);
    expect({ key: refusal?.key, message: refusal?.message }).toEqual({ key: 'unauthorized', message });
  });
});

describe('authenticated: the middleware over it', () => {
  /** An app whose one route answers the workspace it was given, and whose error handler the refusal's key. */
  async function appWith(exempt?: (req: express.Request) => boolean) {
    const app = express();
    app.use(authenticated(authenticate, { exempt }));
    app.get('/whoami', (req, res) => void res.json({ workspace: req.workspaceId ?? null }));
    app.use(
      ((error, _req, res, _next) =>
        void res.status(error instanceof DomainError ? 401 : 500).json({ key: error.key })) as express.ErrorRequestHandler,
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/whoami`;
    return { url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  test("sets the request's workspace from its Authorization header, and refuses a request without one", async () => {
    const app = await appWith();
    try {
      const ok = await fetch(app.url, { headers: { authorization: `Bearer ${await tokenFor('initech')}` } });
      expect(await ok.json()).toEqual({ workspace: 'initech' });
      const refused = await fetch(app.url);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ key: 'unauthorized' });
    } finally {
      await app.close();
    }
  });

  test('lets an exempt request through without a workspace, and still checks the others', async () => {
    const app = await appWith((req) => req.get('accept') === 'text/html');
    try {
      expect(await (await fetch(app.url, { headers: { accept: 'text/html' } })).json()).toEqual({ workspace: null });
      expect((await fetch(app.url, { headers: { accept: 'application/json' } })).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
