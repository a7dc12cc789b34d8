import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { client, startServer, type TestServer } from '../helpers/server';

/**
 * JWT_JWKS_URL against a real JWKS served on loopback, whose keys the test changes: a key taken out of the
 * JWKS stops being honoured once the fetched set is older than JWT_JWKS_CACHE_AGE (one minute by default,
 * one second here), with no verified-token memory holding it longer.
 */
const CACHE_AGE_MS = 1000;

interface Signer {
  kid: string;
  jwk: JWK;
  privateKey: CryptoKey;
}

async function signer(kid: string): Promise<Signer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  return { kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }, privateKey };
}

const now = () => Math.floor(Date.now() / 1000);
const sign = (by: Signer, claims: Record<string, unknown> = {}) =>
  new SignJWT({ workspace_id: 'ws-jwks', iat: now(), exp: now() + 600, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: by.kid })
    .sign(by.privateKey);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let published: JWK[] = [];
let fetches = 0;
let jwksServer: http.Server;
let t: TestServer;
let first: Signer;
let second: Signer;

beforeAll(async () => {
  [first, second] = await Promise.all([signer('first'), signer('second')]);
  jwksServer = http.createServer((_req, res) => {
    fetches++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await startServer({ JWT_SECRET: '', JWT_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`, JWT_JWKS_CACHE_AGE: `${CACHE_AGE_MS}ms` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

const status = async (token: string) => (await client(t.url, token).get('/utils/v1/ping')).status;

describe('JWT_JWKS_URL', () => {
  test('a key removed from the JWKS stops being honoured after the cache age; a key added is honoured at once', async () => {
    published = [first.jwk];
    const token = await sign(first);
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);

    published = [second.jwk];
    await sleep(CACHE_AGE_MS + 200);
    expect(await status(token)).toBe(401);
    expect(await status(await sign(first))).toBe(401);
    expect(await status(await sign(second))).toBe(200);

    // A key put back is found again: an unknown kid fetches the set anew (no sooner than the cache age after the last fetch).
    published = [second.jwk, first.jwk];
    await sleep(CACHE_AGE_MS + 200);
    expect(await status(token)).toBe(200);
  });

  test('the set is fetched again only once it is older than the cache age', async () => {
    published = [first.jwk];
    await sleep(CACHE_AGE_MS + 200);
    const token = await sign(first);
    const before = fetches;
    for (let i = 0; i < 10; i++) expect(await status(token)).toBe(200);
    expect(fetches - before).toBe(1);
  });

  test('a JWKS token needs exp, and may live 24 hours at most', async () => {
    published = [first.jwk];
    const noExp = await new SignJWT({ workspace_id: 'ws-jwks' })
      .setProtectedHeader({ alg: 'ES256', kid: first.kid })
      .sign(first.privateKey);
    expect(await status(noExp)).toBe(401);
    expect(await status(await sign(first, { exp: now() + 25 * 3600 }))).toBe(401);
    expect(await status(await sign(first, { exp: now() + 24 * 3600 }))).toBe(200);
  });
});
