import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { mintToken } from '../../src/auth/mint-token';
import { client, newWorkspace, party, startServer, tokenFor, TEST_SECRET, type TestServer } from '../helpers/server';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

async function expectUnauthorized(url: string, authorization?: string, message: string | RegExp = /./) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const response = await fetch(`${url}/silo/v1/entries`, { headers });
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe('Bearer');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({
    key: 'unauthorized',
    code: 'unauthorized',
    message: typeof message === 'string' ? expect.stringContaining(message) : expect.stringMatching(message),
  });
}

describe('HS256 secret with issuer and audience', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ JWT_ISSUER: 'https://id.example.test', JWT_AUDIENCE: 'entries' });
  });
  afterAll(() => t.close());

  const good = (claims: Record<string, unknown> = {}, secret = TEST_SECRET) =>
    tokenFor('ws-a', { secret, claims: { iss: 'https://id.example.test', aud: 'entries', ...claims } });

  test('a valid token is served', async () => {
    const reply = await client(t.url, await good()).get('/utils/v1/ping');
    expect(reply.status).toBe(200);
  });

  test('missing and malformed tokens are 401', async () => {
    await expectUnauthorized(t.url);
    await expectUnauthorized(t.url, 'Bearer');
    await expectUnauthorized(t.url, 'Basic dXNlcjpwYXNz');
    await expectUnauthorized(t.url, 'Bearer not.a.jwt');
    await expectUnauthorized(t.url, `Token ${await good()}`);
  });

  test('a token signed with another key is 401', async () => {
    await expectUnauthorized(t.url, `Bearer ${await good({}, 'another-secret-that-is-long-enough-0123456789')}`);
  });

  test('alg none is refused', async () => {
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ workspace_id: 'ws-a', iss: 'https://id.example.test', aud: 'entries', exp: now() + 60 })}.`;
    await expectUnauthorized(t.url, `Bearer ${token}`);
  });

  test('a tampered payload is refused', async () => {
    const [header, , signature] = (await good()).split('.');
    const forged = encode({ workspace_id: 'ws-b', iss: 'https://id.example.test', aud: 'entries', exp: now() + 60 });
    await expectUnauthorized(t.url, `Bearer ${header}.${forged}.${signature}`);
  });

  test('expiry allows 30 seconds of skew, no more', async () => {
    expect((await client(t.url, await good({ exp: now() - 10 })).get('/utils/v1/ping')).status).toBe(200);
    await expectUnauthorized(t.url, `Bearer ${await good({ exp: now() - 120 })}`);
  });

  test('a token not yet valid is refused', async () => {
    await expectUnauthorized(t.url, `Bearer ${await good({ nbf: now() + 300 })}`);
  });

  test('wrong audience or issuer is refused', async () => {
    await expectUnauthorized(t.url, `Bearer ${await good({ aud: 'someone-else' })}`);
    await expectUnauthorized(t.url, `Bearer ${await good({ iss: 'https://evil.example.test' })}`);
  });

  test('a token without a workspace is refused', async () => {
    await expectUnauthorized(t.url, `Bearer ${await good({ workspace_id: undefined })}`);
    await expectUnauthorized(t.url, `Bearer ${await good({ workspace_id: 42 })}`);
  });
});

describe('workspace isolation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  test('a token of workspace B sees nothing of A by id, key, list or cursor', async () => {
    const a = client(t.url, await tokenFor(newWorkspace()));
    const b = client(t.url, await tokenFor(newWorkspace()));
    const created = [];
    for (let i = 0; i < 3; i++) created.push((await a.post('/silo/v1/entries', { data: party(`A${i}`), key: `a-${i}` })).body);
    const cursor = (await a.get('/silo/v1/entries?limit=1')).body.next_cursor;
    expect(cursor).toBeDefined();

    const byId = await b.get(`/silo/v1/entries/${created[0].id}`);
    expect(byId.status).toBe(404);
    expect(byId.body.key).toBe('not-found');
    expect((await b.get('/silo/v1/entries/key/a-0')).status).toBe(404);
    expect((await b.get('/silo/v1/entries')).body.list).toEqual([]);
    const withCursor = await b.get(`/silo/v1/entries?limit=1&cursor=${cursor}`);
    expect(withCursor.status).toBe(200);
    expect(withCursor.body.list).toEqual([]);
    expect(withCursor.body).not.toHaveProperty('next_cursor');
    // B may use the same key and envelope id for its own entry.
    expect((await b.post('/silo/v1/entries', { data: party('B0'), key: 'a-0' })).status).toBe(200);
    expect((await a.get('/silo/v1/entries/key/a-0')).body.snippet.title).toBe('A0');
  });
});

describe('expiry and lifetime of tokens from an outside issuer (JWT_SECRET)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());
  const hours = (n: number) => n * 3600;
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(TEST_SECRET));

  test('a token without exp is 401, and says so', async () => {
    await expectUnauthorized(t.url, `Bearer ${await signed({ workspace_id: 'ws-a', iat: now() })}`, 'the token must have an expiry (exp)');
    await expectUnauthorized(t.url, `Bearer ${await signed({ workspace_id: 'ws-a' })}`, 'the token must have an expiry (exp)');
  });

  test('a token valid for more than 24 hours (JWT_MAX_LIFETIME by default) is 401, with or without iat', async () => {
    await expectUnauthorized(
      t.url,
      `Bearer ${await signed({ workspace_id: 'ws-a', iat: now(), exp: now() + hours(25) })}`,
      /JWT_MAX_LIFETIME/,
    );
    await expectUnauthorized(
      t.url,
      `Bearer ${await signed({ workspace_id: 'ws-a', iat: now() - hours(20), exp: now() + hours(5) })}`,
      /JWT_MAX_LIFETIME/,
    );
    await expectUnauthorized(t.url, `Bearer ${await signed({ workspace_id: 'ws-a', exp: now() + hours(30) })}`, /JWT_MAX_LIFETIME/);
    await expectUnauthorized(
      t.url,
      `Bearer ${await signed({ workspace_id: 'ws-a', iat: now(), exp: now() + hours(24 * 365) })}`,
      /JWT_MAX_LIFETIME/,
    );
  });

  test('a token within its lifetime is served', async () => {
    for (const claims of [
      { iat: now(), exp: now() + hours(24) },
      { iat: now() - hours(23), exp: now() + hours(1) },
      { exp: now() + hours(23) },
    ]) {
      expect((await client(t.url, await signed({ workspace_id: 'ws-a', ...claims })).get('/utils/v1/ping')).status).toBe(200);
    }
  });

  test('JWT_MAX_LIFETIME sets the bound', async () => {
    const short = await startServer({ JWT_MAX_LIFETIME: '1h' });
    try {
      expect(
        (await client(short.url, await signed({ workspace_id: 'ws-a', iat: now(), exp: now() + 3600 })).get('/utils/v1/ping')).status,
      ).toBe(200);
      await expectUnauthorized(
        short.url,
        `Bearer ${await signed({ workspace_id: 'ws-a', iat: now(), exp: now() + 3601 })}`,
        /3600 seconds/,
      );
    } finally {
      await short.close();
    }
  });
});

describe('RS256 public key', () => {
  let t: TestServer;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  beforeAll(async () => {
    t = await startServer({ JWT_SECRET: '', JWT_PUBLIC_KEY: publicPem });
  });
  afterAll(() => t.close());

  test('a token signed by the private key is served', async () => {
    const token = await new SignJWT({ workspace_id: 'ws-rsa' })
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await client(t.url, token).get('/utils/v1/ping')).status).toBe(200);
  });

  test('HS256 signed with the public key itself is refused', async () => {
    const token = await new SignJWT({ workspace_id: 'ws-rsa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(publicPem));
    await expectUnauthorized(t.url, `Bearer ${token}`);
  });

  test('a token of another key pair is refused', async () => {
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT({ workspace_id: 'ws-rsa' })
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime('5m')
      .sign(other.privateKey);
    await expectUnauthorized(t.url, `Bearer ${token}`);
    expect(await exportSPKI(other.publicKey)).not.toBe(publicPem);
  });
});

describe('no key configured', () => {
  test('a local secret is created in the data folder and its tokens are served', async () => {
    const t = await startServer({ JWT_SECRET: '' });
    try {
      expect(t.server.localSecret?.created).toBe(true);
      const token = await tokenFor('default', { secret: t.server.localSecret!.secret });
      expect((await client(t.url, token).get('/utils/v1/ping')).status).toBe(200);
      await expectUnauthorized(t.url, `Bearer ${await tokenFor('default')}`);
      // The local secret's own tokens (30 days, as printed at first start and by `npm run token`) are not bounded by JWT_MAX_LIFETIME.
      expect((await client(t.url, await mintToken(t.server.localSecret!.secret, 'default')).get('/utils/v1/ping')).status).toBe(200);
      expect(
        (await client(t.url, await tokenFor('default', { secret: t.server.localSecret!.secret, expiresIn: '400d' })).get('/utils/v1/ping'))
          .status,
      ).toBe(200);
      await expectUnauthorized(
        t.url,
        `Bearer ${await new SignJWT({ workspace_id: 'default' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(t.server.localSecret!.secret))}`,
        /exp/,
      );
    } finally {
      await t.close();
    }
  });
});
