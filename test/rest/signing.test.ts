import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompactSign, compactVerify, createLocalJWKSet, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { ConfigError, loadConfig } from '../../src/config';
import { buildServer } from '../../src/server';
import { SIGNING_KEY_FILE } from '../../src/signing/signing-keys';
import { exampleDoc, withGobl } from '../helpers/golden-examples';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

const INVOICE = 'es/out/invoice-es-es-freelance.json';

let t: TestServer;
let api: ReturnType<typeof client>;
/** Another party whose public key the server trusts (SIGNING_TRUSTED_KEYS), and one it does not know. */
let partner: CryptoKey;
let stranger: CryptoKey;
const PARTNER_KID = 'partner-1';
let trustedKeys: string;

beforeAll(async () => {
  partner = (await generateKeyPair('ES256', { extractable: true })).privateKey;
  stranger = (await generateKeyPair('ES256')).privateKey;
  const { d: _d, ...publicJwk } = await exportJWK(partner);
  trustedKeys = JSON.stringify({ keys: [{ ...publicJwk, kid: PARTNER_KID, alg: 'ES256', use: 'sig' }] });
  t = await startServer({ SIGNING_TRUSTED_KEYS: trustedKeys });
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const signed = async (data: object, extra: object = {}) => {
  const reply = await api.post('/silo/v1/entries', { data, sign: true, ...extra });
  expect(reply.status).toBe(200);
  return reply.body;
};
const count = async () => (await api.get('/silo/v1/entries')).body.list.length;
/** A compact ES256 JWS stating the envelope's uuid and digest, as another party would make it. */
const statementOf = (data: any, extra: object = {}) =>
  new TextEncoder().encode(JSON.stringify({ uuid: data.head.uuid, dig: data.head.dig, ...extra }));
const jws = (data: any, header: Record<string, unknown>, key: CryptoKey) =>
  new CompactSign(statementOf(data)).setProtectedHeader({ alg: 'ES256', ...header }).sign(key);
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('the published keys', () => {
  test('/.well-known/jwks.json is public; /silo/v1/keys needs a token and says the same', async () => {
    const open = await client(t.url).get('/.well-known/jwks.json');
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toContain('application/json');
    expect(open.body.keys).toEqual([
      { kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig' },
    ]);
    expect(open.body.keys[0]).not.toHaveProperty('d');
    expect((await client(t.url).get('/silo/v1/keys')).status).toBe(401);
    const authed = await api.get('/silo/v1/keys');
    expect(authed.status).toBe(200);
    expect(authed.body).toEqual(open.body);
    expect((await api.post('/silo/v1/keys', {})).status).toBe(405);
  });

  test('GraphQL publishes them too', async () => {
    const reply = await api.post('/graphql', { query: '{ signingKeys }' });
    expect(reply.status).toBe(200);
    expect(reply.body.data.signingKeys).toEqual((await api.get('/silo/v1/keys')).body);
  });

  test('with no key configured, one is created in the data folder on first start and kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signing-key-'));
    try {
      const first = await startServer({ DATA_DIR: dataDir });
      const kid = (await client(first.url).get('/.well-known/jwks.json')).body.keys[0].kid;
      await first.server.close();
      expect(kid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/); // a UUIDv7, as GOBL names its keys
      expect(statSync(path.join(dataDir, SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
      const second = await startServer({ DATA_DIR: dataDir });
      expect((await client(second.url).get('/.well-known/jwks.json')).body.keys.map((k: any) => k.kid)).toEqual([kid]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test.each([
    [
      'a PEM',
      () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      undefined,
    ],
    [
      'a JWK',
      () => JSON.stringify({ ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), kid: 'my-key-1' }),
      'my-key-1',
    ],
  ])('SIGNING_KEY as %s is used and published', async (_name, makeKey, kid) => {
    const configured = await startServer({ SIGNING_KEY: makeKey() });
    try {
      const jwks = (await client(configured.url).get('/.well-known/jwks.json')).body;
      expect(jwks.keys).toHaveLength(1);
      if (kid) expect(jwks.keys[0].kid).toBe(kid);
      else expect(jwks.keys[0].kid).toMatch(/^[A-Za-z0-9_-]{43}$/); // its RFC 7638 thumbprint
      const own = client(configured.url, await tokenFor(newWorkspace()));
      const entry = (await own.post('/silo/v1/entries', { data: party('Keyed'), sign: true })).body;
      await expect(compactVerify(entry.data.sigs[0], createLocalJWKSet(jwks))).resolves.toBeDefined();
    } finally {
      await configured.close();
    }
  });

  test('a key configured later replaces the generated one for signing; both stay published and verified', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signing-rotation-'));
    try {
      const before = await startServer({ DATA_DIR: dataDir });
      const workspace = newWorkspace();
      const early = (await client(before.url, await tokenFor(workspace)).post('/silo/v1/entries', { data: party('Early'), sign: true }))
        .body;
      const generatedKid = (await client(before.url).get('/.well-known/jwks.json')).body.keys[0].kid;
      await before.server.close();

      const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      const after = await startServer({ DATA_DIR: dataDir, SIGNING_KEY: pem });
      const jwks = (await client(after.url).get('/.well-known/jwks.json')).body;
      expect(jwks.keys.map((k: any) => k.kid)).toEqual([expect.not.stringMatching(generatedKid), generatedKid]);
      const api2 = client(after.url, await tokenFor(newWorkspace()));
      const late = (await api2.post('/silo/v1/entries', { data: party('Late'), sign: true })).body;
      expect(decodePart(late.data.sigs[0].split('.')[0]).kid).toBe(jwks.keys[0].kid);
      // The signature by the older key still verifies: in its own workspace only the id, already taken, stops it;
      // another workspace receives it as signed by the service, not by itself.
      expect((await client(after.url, await tokenFor(workspace)).post('/silo/v1/entries', { data: early.data })).status).toBe(409);
      expect((await api2.post('/silo/v1/entries', { data: early.data })).body.signature).toEqual({
        verified: true,
        sigs: [{ kid: generatedKid, by: 'service', verified: true }],
      });
      await expect(compactVerify(early.data.sigs[0], createLocalJWKSet(jwks))).resolves.toBeDefined();
      await after.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a SIGNING_KEY that is not an ES256 private key stops the start', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const key of ['not a key', rsa, JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' })]) {
      const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40), SIGNING_KEY: key });
      await expect(buildServer(config)).rejects.toThrow(ConfigError);
      await expect(buildServer(config)).rejects.toThrow(/SIGNING_KEY/);
    }
  });
});

describe('sign: true', () => {
  withGobl.test('signs the envelope as GOBL does, verifiable with the published JWKS by a third party', async () => {
    const entry = await signed(exampleDoc(INVOICE));
    expect(entry).toMatchObject({ signed: true, draft: false, invalid: false });
    expect(entry.data.sigs).toHaveLength(1);
    const [header, payload] = entry.data.sigs[0].split('.');
    const jwks = (await client(t.url).get('/.well-known/jwks.json')).body;
    // The workspace is named by its SHA-256, not disclosed (see docs/documents.md, Signing envelopes).
    expect(decodePart(header)).toEqual({
      alg: 'ES256',
      kid: jwks.keys[0].kid,
      'workspace#S256': expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(Object.keys(decodePart(payload))).toEqual(['uuid', 'dig', 'iat']);

    const verified = await compactVerify(entry.data.sigs[0], createLocalJWKSet(jwks));
    const statement = JSON.parse(new TextDecoder().decode(verified.payload));
    expect(statement.uuid).toBe(entry.id);
    expect(statement.dig).toEqual(entry.data.head.dig);
    expect(statement.dig).toEqual(entry.digest);
    expect(Math.abs(statement.iat - Date.now() / 1000)).toBeLessThan(60);

    const again = await api.get(`/silo/v1/entries/${entry.id}`);
    expect(again.body).toMatchObject({ signed: true, draft: false });
    expect(again.body.data.sigs).toEqual(entry.data.sigs);
  });

  withGobl.test('an invoice without a code is not ready to be signed: 422, nothing stored, even with allow_invalid', async () => {
    const { code: _code, ...draft } = exampleDoc(INVOICE);
    for (const allow_invalid of [false, true]) {
      const reply = await api.post('/silo/v1/entries', { data: draft, sign: true, allow_invalid });
      expect(reply.status).toBe(422);
      expect(reply.body.key).toBe('validation');
      expect(reply.body.message).toContain('cannot be signed');
      expect(reply.body.faults).toEqual([expect.objectContaining({ code: 'GOBL-ENVELOPE-13', paths: ['$.doc.code'] })]);
    }
    expect(await count()).toBe(0);
    expect((await api.post('/silo/v1/entries', { data: draft })).body.signed).toBe(false);
  });

  withGobl.test('an invalid document is not signed, even with allow_invalid', async () => {
    const broken = { ...exampleDoc(INVOICE), supplier: { tax_id: { country: 'ES' } } };
    const reply = await api.post('/silo/v1/entries', { data: broken, sign: true, allow_invalid: true });
    expect(reply.status).toBe(422);
    expect(reply.body.faults.length).toBeGreaterThan(0);
    expect(await count()).toBe(0);
  });

  withGobl.test('a patched, copied or corrected entry can be signed when it is ready', async () => {
    const previous = (await api.post('/silo/v1/entries', { data: exampleDoc(INVOICE) })).body;
    const patched = await api.post('/silo/v1/entries', {
      previous_id: previous.id,
      content_type: 'application/merge-patch+json',
      data: { doc: { code: 'SAMPLE-009' } },
      sign: true,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ signed: true, draft: false });
    // A copy or a credit note has no code yet, so it cannot be signed.
    expect((await api.post('/silo/v1/entries', { previous_id: previous.id, sign: true })).status).toBe(422);
    const credit = await api.post('/silo/v1/entries', {
      previous_id: previous.id,
      correct: { credit: true },
      sign: true,
      allow_invalid: true,
    });
    expect(credit.status).toBe(422);
    expect(credit.body.faults).toEqual([expect.objectContaining({ code: 'GOBL-ENVELOPE-13' })]);
  });
});

describe('uploaded signatures', () => {
  test("a signature made for workspace A is received in workspace B as the service's, never as B's; A's own upload of it is A's", async () => {
    // Another installation of the service with the same key (or A's data restored elsewhere): its own database.
    const twinDir = mkdtempSync(path.join(tmpdir(), 'signing-twin-'));
    const key = readFileSync(path.join(t.dataDir, SIGNING_KEY_FILE), 'utf8');
    const twin = await startServer({ SIGNING_KEY: key, DATABASE_URL: `sqlite:${path.join(twinDir, 'twin.sqlite')}` });
    try {
      const a = newWorkspace();
      const entry = (await client(twin.url, await tokenFor(a)).post('/silo/v1/entries', { data: party('Signed in A'), sign: true })).body;
      expect(entry.signed).toBe(true);

      const b = client(t.url, await tokenFor(newWorkspace()));
      const signedAgain = await b.post('/silo/v1/entries', { data: entry.data, sign: true });
      expect(signedAgain.status).toBe(422); // B cannot add its own signature to it
      expect(signedAgain.body.fields).toEqual({ sign: expect.stringContaining('signed by another party') });
      expect((await b.get('/silo/v1/entries')).body.list).toEqual([]);
      const received = await b.post('/silo/v1/entries', { data: entry.data });
      expect(received.status).toBe(200);
      expect(received.body).toMatchObject({ signed: true, signature: { verified: true, sigs: [{ by: 'service', verified: true }] } });
      expect(received.body.data).toEqual(entry.data);

      const own = await client(t.url, await tokenFor(a)).post('/silo/v1/entries', { data: entry.data });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        id: entry.id,
        signed: true,
        draft: false,
        signature: { verified: true, sigs: [{ by: 'workspace' }] },
      });
      expect(own.body.data.sigs).toEqual(entry.data.sigs);
      expect(own.body.data.head.dig).toEqual(entry.data.head.dig);
    } finally {
      await twin.close();
      rmSync(twinDir, { recursive: true, force: true });
    }
  });

  test('a signature by a key of SIGNING_TRUSTED_KEYS is kept and the entry is signed, in any workspace', async () => {
    const base = (await api.post('/silo/v1/entries', { data: party('Third Party Signed') })).body;
    const sig = await jws(base.data, { kid: PARTNER_KID }, partner);
    const other = client(t.url, await tokenFor(newWorkspace()));
    const kept = await other.post('/silo/v1/entries', { data: { ...base.data, sigs: [sig] } });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      signed: true,
      draft: false,
      signature: { verified: true, sigs: [{ kid: PARTNER_KID, by: 'trusted' }] },
    });
    expect(kept.body.data.sigs).toEqual([sig]);
    // This workspace does not add its signature to another party's envelope (see test/rest/received-signed.test.ts).
    const cosigned = await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', {
      data: { ...base.data, sigs: [sig] },
      sign: true,
    });
    expect(cosigned.status).toBe(422);
    expect(cosigned.body.fields).toEqual({ sign: expect.stringContaining('signed by another party') });
    const altered = { ...base.data, doc: { ...base.data.doc, name: 'Altered' }, sigs: [sig] };
    const refused = await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', { data: altered });
    expect(refused.status).toBe(422);
    expect(refused.body.fields.data.head.dig).toContain('changed after the envelope was signed');
  });

  test('SIGNING_TRUSTED_KEYS may also be the path of a JWKS file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trusted-keys-'));
    writeFileSync(path.join(dir, 'jwks.json'), trustedKeys);
    const filed = await startServer({ SIGNING_TRUSTED_KEYS: path.join(dir, 'jwks.json') });
    try {
      const own = client(filed.url, await tokenFor(newWorkspace()));
      const base = (await own.post('/silo/v1/entries', { data: party('Filed') })).body;
      const reply = await client(filed.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', {
        data: { ...base.data, sigs: [await jws(base.data, { kid: PARTNER_KID }, partner)] },
      });
      expect(reply.body).toMatchObject({ signed: true });
      expect((await client(filed.url).get('/.well-known/jwks.json')).body.keys.map((k: any) => k.kid)).not.toContain(PARTNER_KID); // not published as ours
    } finally {
      await filed.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.each([
    ['no kid', () => ({}), 'names no key (kid), so it cannot be verified'],
    [
      'a kid the service does not know',
      () => ({ kid: 'someone-else' }),
      'was made with a key the service does not know or trust (kid "someone-else")',
    ],
  ])('a signature with %s is kept as it came, not verified', async (_name, header, problem) => {
    const base = (await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', { data: party('Unverifiable') })).body;
    const sigs = [await jws(base.data, { kid: PARTNER_KID }, partner), await jws(base.data, header(), stranger)];
    const reply = await api.post('/silo/v1/entries', { data: { ...base.data, sigs } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.sigs).toEqual(sigs);
    expect(reply.body.signature).toMatchObject({
      verified: false,
      sigs: [
        { by: 'trusted', verified: true },
        { by: 'unknown', verified: false, problem },
      ],
    });
  });

  test.each([['a trusted kid, signed with another key', () => ({ kid: PARTNER_KID }), 'does not verify with the key "partner-1"']])(
    'a signature with %s is 422 naming data.sigs.N, with or without allow_invalid, and nothing is stored',
    async (_name, header, message) => {
      const base = (await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', { data: party('Unverifiable') })).body;
      const good = await jws(base.data, { kid: PARTNER_KID }, partner);
      const bad = await jws(base.data, header(), stranger);
      for (const allow_invalid of [false, true]) {
        const reply = await api.post('/silo/v1/entries', { data: { ...base.data, sigs: [good, bad] }, allow_invalid });
        expect(reply.status).toBe(422);
        expect(reply.body.key).toBe('validation');
        expect(reply.body.fields).toEqual({ data: { sigs: { 1: message } } });
      }
      expect(await count()).toBe(0);
    },
  );

  withGobl.test('a signed envelope whose document was altered is 422, with or without allow_invalid', async () => {
    const entry = await signed(exampleDoc(INVOICE));
    const tampered = structuredClone(entry.data);
    tampered.doc.lines[0].quantity = '11';
    for (const allow_invalid of [false, true]) {
      const reply = await api.post('/silo/v1/entries', { data: tampered, allow_invalid });
      expect(reply.status).toBe(422);
      expect(reply.body.key).toBe('validation');
      expect(reply.body.fields).toEqual({ data: { head: { dig: expect.stringContaining('changed after the envelope was signed') } } });
    }
    const renamed = structuredClone(entry.data);
    renamed.head.uuid = '0190c000-0000-7000-8000-00000000abcd';
    expect((await api.post('/silo/v1/entries', { data: renamed })).body.fields.data.sigs[0]).toContain('another envelope');
    expect(await count()).toBe(1);
  });

  test('a signature whose payload was changed to match an altered document does not verify: 422', async () => {
    const entry = await signed(party('Payload'));
    const altered = (await api.post('/silo/v1/entries', { data: { ...party('Payload'), name: 'Payload, altered' } })).body;
    const [header, , signature] = entry.data.sigs[0].split('.');
    const payload = Buffer.from(JSON.stringify({ uuid: altered.id, dig: altered.data.head.dig, iat: 1 })).toString('base64url');
    const other = client(t.url, await tokenFor(newWorkspace()));
    const reply = await other.post('/silo/v1/entries', { data: { ...altered.data, sigs: [`${header}.${payload}.${signature}`] } });
    expect(reply.status).toBe(422);
    expect(reply.body.fields).toEqual({ data: { sigs: { 0: expect.stringContaining('does not verify') } } });
    expect((await other.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('a signature that claims a service key but does not verify is 422', async () => {
    const entry = await signed(party('Forged'));
    const [header, payload, signature] = entry.data.sigs[0].split('.');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[5] ^= 0xff;
    const forged = { ...entry.data, sigs: [`${header}.${payload}.${bytes.toString('base64url')}`] };
    const reply = await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', { data: forged });
    expect(reply.status).toBe(422);
    expect(reply.body.fields.data.sigs[0]).toContain('does not verify');
    const garbage = await client(t.url, await tokenFor(newWorkspace())).post('/silo/v1/entries', {
      data: { ...entry.data, sigs: ['not-a-jws'] },
    });
    expect(garbage.status).toBe(422);
  });

  withGobl.test('a signed invoice without a code is not ready: 422, or stored invalid (and signed) with allow_invalid', async () => {
    const { code: _code, ...draft } = exampleDoc(INVOICE);
    const base = (await api.post('/silo/v1/entries', { data: draft })).body;
    const sig = await jws(base.data, { kid: PARTNER_KID }, partner);
    const other = client(t.url, await tokenFor(newWorkspace()));
    const refused = await other.post('/silo/v1/entries', { data: { ...base.data, sigs: [sig] } });
    expect(refused.status).toBe(422);
    expect(refused.body.faults).toEqual([expect.objectContaining({ code: 'GOBL-ENVELOPE-13' })]);
    const allowed = await other.post('/silo/v1/entries', { data: { ...base.data, sigs: [sig] }, allow_invalid: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ signed: true, invalid: true, faults: [expect.objectContaining({ code: 'GOBL-ENVELOPE-13' })] });
  });

  test('signed entries are never modified in place: a PUT on the id is 409, a patch makes a new unsigned entry', async () => {
    const entry = await signed(party('Sealed'));
    const put = await api.put(`/silo/v1/entries/${entry.id}`, { data: party('Overwrite') });
    expect(put.status).toBe(409);
    const patched = await api.post('/silo/v1/entries', {
      previous_id: entry.id,
      content_type: 'application/json-patch+json',
      data: [{ op: 'replace', path: '/doc/name', value: 'Sealed v2' }],
    });
    expect(patched.body).toMatchObject({ signed: false, draft: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data).not.toHaveProperty('sigs');
    const original = await api.get(`/silo/v1/entries/${entry.id}`);
    expect(original.body.data).toEqual(entry.data);
    expect(original.body.signed).toBe(true);
  });
});
