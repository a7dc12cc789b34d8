import { compactVerify, decodeProtectedHeader, importJWK } from 'jose';
import { invoice, invoiceWithoutSupplier } from '../helpers/documents';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer({ BODY_LIMIT: '64kb' });
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const ENVELOPE = 'https://gobl.org/draft-0/envelope';

/** The tools store nothing: the workspace has no entries after any of them. */
async function expectNothingStored() {
  const list = await api.get('/silo/v1/entries');
  expect(list.status).toBe(200);
  expect(list.body.list).toEqual([]);
}

describe('POST /silo/v1/gobl/build', () => {
  test('a partial invoice comes back calculated, as the bare document unless envelop is true', async () => {
    const bare = await api.post('/silo/v1/gobl/build', { data: invoice() });
    expect(bare.status).toBe(200);
    expect(Object.keys(bare.body)).toEqual(['data']);
    expect(bare.body.data.$schema).toBe('https://gobl.org/draft-0/bill/invoice');
    expect(bare.body.data.totals.payable).toBe('2178.00');
    expect(bare.body.data).not.toHaveProperty('head');

    const wrapped = await api.post('/silo/v1/gobl/build', { data: invoice(), envelop: true });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.data.$schema).toBe(ENVELOPE);
    expect(wrapped.body.data.head.dig).toEqual({ alg: 'sha256', val: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(wrapped.body.data.doc.totals.payable).toBe('2178.00');
    await expectNothingStored();
  });

  test('an envelope stays an envelope and keeps its uuid', async () => {
    const uuid = '0190b7a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
    const reply = await api.post('/silo/v1/gobl/build', { data: { $schema: ENVELOPE, head: { uuid }, doc: party('Acme') } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.head.uuid).toBe(uuid);
    expect(reply.body.data.doc.name).toBe('Acme');
  });

  test('refusals have the bodies of create: validation, unknown schema, calculation, bad input', async () => {
    const invalid = await api.post('/silo/v1/gobl/build', { data: invoiceWithoutSupplier() });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({ key: 'validation', fields: { data: { doc: { supplier: expect.any(String) } } } });
    expect(invalid.body.faults[0]).toMatchObject({ provider: 'gobl', code: expect.any(String), paths: expect.any(Array) });

    const unknown = await api.post('/silo/v1/gobl/build', { data: { $schema: 'https://gobl.org/draft-0/no/such' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ key: 'unknown-schema', message: expect.stringContaining('no/such') });

    const calculation = await api.post('/silo/v1/gobl/build', { data: invoice({ $tags: ['nonsense'] }) });
    expect(calculation.status).toBe(422);
    expect(calculation.body.key).toBe('calculation');

    const undecodable = await api.post('/silo/v1/gobl/build', {
      data: invoice({ lines: [{ quantity: '1', item: { name: 'x', price: 'twelve' } }] }),
    });
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject({ key: 'input', fields: { data: expect.stringContaining('$.lines[0].item.price') } });

    const missing = await api.post('/silo/v1/gobl/build', { envelop: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ key: 'input', code: 'input', message: 'data: is required', fields: { data: 'is required' } });

    const badFlag = await api.post('/silo/v1/gobl/build', { data: party('A'), envelop: 'yes' });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.fields).toEqual({ envelop: 'must be true or false' });

    expect((await api.post('/silo/v1/gobl/build', '{"data": ', {})).status).toBe(400);
    expect((await api.post('/silo/v1/gobl/build', 'data', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await api.post('/silo/v1/gobl/build', { data: invoice({ notes: [{ text: 'x'.repeat(70_000) }] }) })).status).toBe(413);
    expect((await api.get('/silo/v1/gobl/build')).status).toBe(405);
    expect((await client(t.url).post('/silo/v1/gobl/build', { data: party('A') })).status).toBe(401);
    await expectNothingStored();
  });
});

describe('POST /silo/v1/gobl/sign', () => {
  test('answers the envelope signed with the key published in the JWKS', async () => {
    const reply = await api.post('/silo/v1/gobl/sign', { data: invoice() });
    expect(reply.status).toBe(200);
    const envelope = reply.body.data;
    expect(envelope.$schema).toBe(ENVELOPE);
    expect(envelope.sigs).toHaveLength(1);
    const jwks = (await client(t.url).get('/.well-known/jwks.json')).body;
    const { kid } = decodeProtectedHeader(envelope.sigs[0]);
    const jwk = jwks.keys.find((key: { kid: string }) => key.kid === kid);
    expect(jwk).toBeDefined();
    const { payload } = await compactVerify(envelope.sigs[0], await importJWK(jwk, 'ES256'));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ uuid: envelope.head.uuid, dig: envelope.head.dig });
    await expectNothingStored();
  });

  test('an invalid document is not signed: 422 validation', async () => {
    const reply = await api.post('/silo/v1/gobl/sign', { data: invoiceWithoutSupplier() });
    expect(reply.status).toBe(422);
    expect(reply.body.key).toBe('validation');
  });
});

describe('POST /silo/v1/gobl/correct', () => {
  const envelopeOf = async () => (await api.post('/silo/v1/gobl/build', { data: invoice(), envelop: true })).body.data;

  test('show_options answers the schema of the options for the regime', async () => {
    const reply = await api.post('/silo/v1/gobl/correct', { data: await envelopeOf(), show_options: true });
    expect(reply.status).toBe(200);
    const schema = reply.body.data;
    expect(schema.type).toBe('object');
    expect(schema.required).toContain('type');
    expect(schema.properties.type.enum).toEqual(expect.arrayContaining(['credit-note']));
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['type', 'issue_date', 'series', 'stamps', 'reason', 'ext']));
  });

  test('a credit note from an envelope: a new envelope with the preceding reference', async () => {
    const original = await envelopeOf();
    const reply = await api.post('/silo/v1/gobl/correct', {
      data: original,
      options: { type: 'credit-note', reason: 'returned goods', issue_date: '2026-11-21' },
    });
    expect(reply.status).toBe(200);
    const corrected = reply.body.data;
    expect(corrected.$schema).toBe(ENVELOPE);
    expect(corrected.head.uuid).not.toBe(original.head.uuid);
    expect(corrected.doc.type).toBe('credit-note');
    expect(corrected.doc.issue_date).toBe('2026-11-21');
    expect(corrected.doc.preceding[0]).toMatchObject({ series: 'F', code: '0001', issue_date: '2026-11-20', reason: 'returned goods' });
    await expectNothingStored();
  });

  test('bad or missing options are 400 at options; a party cannot be corrected', async () => {
    const original = await envelopeOf();
    const none = await api.post('/silo/v1/gobl/correct', { data: original });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual({ options: expect.stringContaining('required') });
    const bad = await api.post('/silo/v1/gobl/correct', { data: original, options: { type: 'refund' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ options: { type: expect.stringContaining('credit-note') } });
    const party422 = await api.post('/silo/v1/gobl/correct', { data: party('Acme'), options: { type: 'credit-note' } });
    expect(party422.status).toBe(422);
    expect(party422.body).toMatchObject({ key: 'validation', message: expect.stringContaining('only invoices can be corrected') });
  });
});
