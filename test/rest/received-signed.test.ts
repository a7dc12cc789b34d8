import { CompactSign, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { digestOf } from '../../src/document/head/header';
import type { JsonObject } from '../../src/document';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Envelopes signed elsewhere (another party, another workspace of this service), received and kept as they
 * came: stored with what was verified of their signatures, refused only when they were changed after signing.
 */
let t: TestServer;
let partner: CryptoKey;
let stranger: CryptoKey;
const PARTNER_KID = 'supplier-key-1';

beforeAll(async () => {
  partner = (await generateKeyPair('ES256', { extractable: true })).privateKey;
  stranger = (await generateKeyPair('ES256')).privateKey;
  const { d: _d, ...publicJwk } = await exportJWK(partner);
  t = await startServer({ SIGNING_TRUSTED_KEYS: JSON.stringify({ keys: [{ ...publicJwk, kid: PARTNER_KID, alg: 'ES256', use: 'sig' }] }) });
});
afterAll(() => t.close());

const workspace = async () => client(t.url, await tokenFor(newWorkspace()));
const patch = (api: Awaited<ReturnType<typeof workspace>>, id: string, body: unknown) => api.send('PATCH', `/silo/v1/entries/${id}`, body);

/** A compact ES256 JWS stating the envelope's uuid and digest, as GOBL signs, with `key` named `kid`. */
const sign = (envelope: any, kid: string | undefined, key: CryptoKey) =>
  new CompactSign(new TextEncoder().encode(JSON.stringify({ uuid: envelope.head.uuid, dig: envelope.head.dig, iat: 1764000000 })))
    .setProtectedHeader(kid === undefined ? { alg: 'ES256' } : { alg: 'ES256', kid })
    .sign(key);

/**
 * An invoice envelope as a supplier's own software made it: calculated elsewhere, with a member this
 * service's engine does not know (a newer GOBL, say), which it would drop; its digest is of the document as sent.
 */
async function suppliersEnvelope(): Promise<any> {
  const built = await (await workspace()).post('/silo/v1/gobl/build', { data: invoice(), envelop: true });
  expect(built.status).toBe(200);
  const envelope = built.body.data;
  envelope.doc.ordering = { code: 'PO-77', x_newer_field: 'kept as sent' };
  envelope.head.dig = digestOf(envelope.doc as JsonObject);
  return envelope;
}

const sealedBy = async (envelope: any, kid: string | undefined, key: CryptoKey) => ({
  ...envelope,
  sigs: [await sign(envelope, kid, key)],
});

describe('received signed envelopes', () => {
  test('signed by a trusted key: stored as it came (digest, sigs and data unchanged), verified, by "trusted"', async () => {
    const received = await sealedBy(await suppliersEnvelope(), PARTNER_KID, partner);
    const api = await workspace();
    const reply = await api.post('/silo/v1/entries', { data: received });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: received.head.uuid, signed: true, draft: false, digest: received.head.dig });
    expect(reply.body.signature).toEqual({ verified: true, sigs: [{ kid: PARTNER_KID, by: 'trusted', verified: true }] });
    const stored = await api.get(`/silo/v1/entries/${reply.body.id}`);
    // The very text that came, member for member (the engine would have dropped the member it does not know).
    expect(JSON.stringify(stored.body.data)).toBe(JSON.stringify(received));
    expect(stored.body.data.doc.ordering.x_newer_field).toBe('kept as sent');
    expect(stored.body.signature).toEqual(reply.body.signature);
    const listed = (await api.get('/silo/v1/entries')).body.list;
    expect(listed.map((e: any) => e.signature)).toEqual([reply.body.signature]);
  });

  test('signed by this service in another workspace (/gobl/sign): stored, verified, by "service"; by "workspace" in its own', async () => {
    const a = await workspace();
    const made = await a.post('/silo/v1/gobl/sign', { data: invoice({ code: '0002' }) });
    expect(made.status).toBe(200);
    const envelope = made.body.data;
    const kid = (await client(t.url).get('/.well-known/jwks.json')).body.keys[0].kid;

    const b = await workspace();
    const received = await b.post('/silo/v1/entries', { data: envelope });
    expect(received.status).toBe(200);
    expect(received.body.signature).toEqual({ verified: true, sigs: [{ kid, by: 'service', verified: true }] });
    expect(received.body.data).toEqual(envelope);

    const own = await a.post('/silo/v1/entries', { data: envelope });
    expect(own.status).toBe(200);
    expect(own.body.signature).toEqual({ verified: true, sigs: [{ kid, by: 'workspace', verified: true }] });
  });

  test('signed by a key the service does not know: stored as it came, not verified, by "unknown"', async () => {
    const envelope = await suppliersEnvelope();
    const api = await workspace();
    for (const [kid, problem] of [
      ['stranger-1', 'was made with a key the service does not know or trust (kid "stranger-1")'],
      [undefined, 'names no key (kid), so it cannot be verified'],
    ] as const) {
      const received = await sealedBy({ ...envelope, head: { ...envelope.head, uuid: crypto.randomUUID() } }, kid, stranger);
      const reply = await api.post('/silo/v1/entries', { data: received });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        signed: true,
        signature: { verified: false, sigs: [{ by: 'unknown', verified: false, problem }] },
      });
      expect(reply.body.signature.sigs[0].kid).toBe(kid);
      expect(JSON.stringify((await api.get(`/silo/v1/entries/${reply.body.id}`)).body.data)).toBe(JSON.stringify(received));
    }
    // One signature that verifies and one that cannot: the envelope is not verified as a whole.
    const both = { ...envelope, head: { ...envelope.head, uuid: crypto.randomUUID() } };
    both.sigs = [await sign(both, PARTNER_KID, partner), await sign(both, 'stranger-1', stranger)];
    const mixed = await api.post('/silo/v1/entries', { data: both });
    expect(mixed.body.signature).toMatchObject({
      verified: false,
      sigs: [
        { by: 'trusted', verified: true },
        { by: 'unknown', verified: false },
      ],
    });
  });

  test('a tampered envelope is 422 naming what no longer matches, with or without allow_invalid; nothing is stored', async () => {
    const received = await sealedBy(await suppliersEnvelope(), 'stranger-1', stranger);
    const api = await workspace();
    const altered = structuredClone(received);
    altered.doc.lines[0].quantity = '21';
    for (const allow_invalid of [false, true]) {
      const reply = await api.post('/silo/v1/entries', { data: altered, allow_invalid });
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({
        key: 'validation',
        fields: { data: { head: { dig: expect.stringContaining('changed after the envelope was signed') } } },
      });
      expect(reply.body.message).toContain('head.dig');
    }
    // The digest made to match the altered document: then the signature's statement no longer does.
    const redigested = { ...altered, head: { ...altered.head, dig: digestOf(altered.doc) } };
    const reply = await api.post('/silo/v1/entries', { data: redigested });
    expect(reply.status).toBe(422);
    expect(reply.body.fields).toEqual({ data: { sigs: { 0: 'no longer matches: the document was changed after it was signed' } } });
    // A signature claiming a trusted key that it was not made with is forged.
    const forged = await sealedBy(await suppliersEnvelope(), PARTNER_KID, stranger);
    expect((await api.post('/silo/v1/entries', { data: forged })).body.fields).toEqual({
      data: { sigs: { 0: `does not verify with the key "${PARTNER_KID}"` } },
    });
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('a received entry is never changed: new data or sign is 409 entry-signed; its folder can move', async () => {
    const received = await sealedBy(await suppliersEnvelope(), PARTNER_KID, partner);
    const api = await workspace();
    const entry = (await api.post('/silo/v1/entries', { data: received })).body;
    const newData = await patch(api, entry.id, { data: invoice({ code: '0003' }) });
    expect(newData.status).toBe(409);
    expect(newData.body.key).toBe('entry-signed');
    const signing = await patch(api, entry.id, { sign: true });
    expect(signing.status).toBe(409);
    expect(signing.body).toMatchObject({ key: 'entry-signed', fields: { sign: expect.stringContaining('another party') } });
    const moved = await patch(api, entry.id, { folder: 'received' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ folder: 'received', version: entry.version, signature: entry.signature });
    expect(JSON.stringify(moved.body.data)).toBe(JSON.stringify(received));
  });

  test('sign: true on a received envelope is 422 (this workspace does not sign what another party sealed); on its own, it changes nothing', async () => {
    const api = await workspace();
    const received = await sealedBy(await suppliersEnvelope(), PARTNER_KID, partner);
    const refused = await api.post('/silo/v1/entries', { data: received, sign: true });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ key: 'validation', fields: { sign: expect.stringContaining('signed by another party') } });
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);

    const own = (await api.post('/silo/v1/gobl/sign', { data: invoice({ code: '0004' }) })).body.data;
    const again = await api.post('/silo/v1/entries', { data: own, sign: true });
    expect(again.status).toBe(200);
    expect(again.body.data.sigs).toEqual(own.sigs);
    expect(again.body.signature.sigs).toEqual([expect.objectContaining({ by: 'workspace', verified: true })]);
  });

  test('an entry signed here says so; an unsigned one has no signature', async () => {
    const api = await workspace();
    const signed = await api.post('/silo/v1/entries', { data: party('Signed here'), sign: true });
    expect(signed.body.signature).toEqual({ verified: true, sigs: [{ kid: expect.any(String), by: 'workspace', verified: true }] });
    const plain = await api.post('/silo/v1/entries', { data: party('Plain') });
    expect(plain.body).not.toHaveProperty('signature');
    const later = await patch(api, plain.body.id, { sign: true });
    expect(later.status).toBe(200);
    expect(later.body.signature).toEqual(signed.body.signature);
  });

  test('PUT on the envelope uuid stores it as received; on another id it is 400 and nothing is stored', async () => {
    const api = await workspace();
    const received = await sealedBy(await suppliersEnvelope(), PARTNER_KID, partner);
    const elsewhere = await api.put(`/silo/v1/entries/${crypto.randomUUID()}`, { data: received });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual({ data: { head: { uuid: 'differs from the id in the path' } } });
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
    const put = await api.put(`/silo/v1/entries/${received.head.uuid.toUpperCase()}`, { data: received });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: received.head.uuid, signature: { verified: true } });
    expect(JSON.stringify(put.body.data)).toBe(JSON.stringify(received));
  });

  test('GraphQL shows the signature of an entry', async () => {
    const api = await workspace();
    const received = await sealedBy(await suppliersEnvelope(), 'stranger-1', stranger);
    const entry = (await api.post('/silo/v1/entries', { data: received })).body;
    const reply = await api.post('/graphql', {
      query: 'query Get($id: ID!) { entry(id: $id) { signed signature { verified sigs { kid by verified problem } } } }',
      variables: { id: entry.id },
    });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.entry).toEqual({
      signed: true,
      signature: {
        verified: false,
        sigs: [{ kid: 'stranger-1', by: 'unknown', verified: false, problem: expect.stringContaining('does not know') }],
      },
    });
  });
});
