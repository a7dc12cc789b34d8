import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { client, message, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer({ BODY_LIMIT: '64kb' });
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const ENTRY_FIELDS = [
  'id',
  'folder',
  'doc_schema',
  'env_schema',
  'draft',
  'signed',
  'invalid',
  'data',
  'digest',
  'snippet',
  'tags',
  'attachments',
  'meta',
  'faults',
  'created_at',
  'updated_at',
];

describe('POST /silo/v1/entries', () => {
  test('a bare document is wrapped in a new envelope with a UUIDv7 and a digest', async () => {
    const reply = await api.post('/silo/v1/entries', { data: party('Acme Corp'), key: 'party-1' });
    expect(reply.status).toBe(200);
    const entry = reply.body;
    for (const field of ENTRY_FIELDS) expect(entry).toHaveProperty(field);
    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry.key).toBe('party-1');
    expect(entry.folder).toBe('parties');
    expect(entry.doc_schema).toBe('https://gobl.org/draft-0/org/party');
    expect(entry.env_schema).toBe('https://gobl.org/draft-0/envelope');
    expect(entry).not.toHaveProperty('state');
    expect(entry.draft).toBe(true);
    expect(entry.signed).toBe(false);
    expect(entry.invalid).toBe(false);
    expect(entry.data.head.uuid).toBe(entry.id);
    expect(entry.digest).toEqual({ alg: 'sha256', val: entry.data.head.dig.val });
    expect(entry.digest.val).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.snippet).toMatchObject({ title: 'Acme Corp', name: 'Acme Corp' });
    expect(entry.tags).toEqual([]);
    expect(entry.attachments).toEqual([]);
    expect(entry.meta).toEqual([]);
    expect(entry.faults).toEqual([]);
    expect(entry.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(entry.updated_at).toBe(entry.created_at);
  });

  test('an uploaded envelope keeps its head uuid and tags', async () => {
    const uuid = randomUUID();
    const envelope = { $schema: 'https://gobl.org/draft-0/envelope', head: { uuid, tags: ['urgent'] }, doc: message('Hello') };
    const reply = await api.post('/silo/v1/entries', { data: envelope });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(uuid);
    expect(reply.body.tags).toEqual(['urgent']);
    expect(reply.body.folder).toBe('messages');
    expect(reply.body.snippet).toMatchObject({ title: 'Hello' });
  });

  test('the same envelope id twice in one workspace is a conflict, in another workspace it is not', async () => {
    const envelope = { $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: randomUUID() }, doc: party('Twice') };
    expect((await api.post('/silo/v1/entries', { data: envelope })).status).toBe(200);
    const again = await api.post('/silo/v1/entries', { data: envelope });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ key: 'conflict', code: 'conflict', message: expect.any(String) });
    const other = client(t.url, await tokenFor(newWorkspace()));
    expect((await other.post('/silo/v1/entries', { data: envelope })).status).toBe(200);
  });

  test('a named folder is used; without one the schema chooses', async () => {
    expect((await api.post('/silo/v1/entries', { data: party('A'), folder: 'suppliers_2026' })).body.folder).toBe('suppliers_2026');
    expect((await api.post('/silo/v1/entries', { data: party('B'), folder: '' })).body.folder).toBe('parties');
    const status = { $schema: 'https://gobl.org/draft-0/bill/status', type: 'update' };
    expect((await api.post('/silo/v1/entries', { data: status, allow_invalid: true })).body.folder).toBe('statuses');
  });

  test('a repeated key is rejected with 409 and stores nothing more', async () => {
    expect((await api.post('/silo/v1/entries', { data: party('First'), key: 'same' })).status).toBe(200);
    const second = await api.post('/silo/v1/entries', { data: party('Second'), key: 'same' });
    expect(second.status).toBe(409);
    expect(second.body.key).toBe('conflict');
    const list = await api.get('/silo/v1/entries');
    expect(list.body.list.map((e: any) => e.snippet.title)).toEqual(['First']);
  });

  test('50 parallel creates with one key give exactly one entry and 49 conflicts', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.post('/silo/v1/entries', { data: party(`Racer ${i}`), key: 'race' })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const list = await api.get('/silo/v1/entries?limit=100');
    expect(list.body.list).toHaveLength(1);
    expect(list.body.list[0].key).toBe('race');
  });

  test('an unknown schema is 422 unknown-schema', async () => {
    const reply = await api.post('/silo/v1/entries', { data: { $schema: 'https://gobl.org/draft-0/bill/unknown', code: 'X' } });
    expect(reply.status).toBe(422);
    expect(reply.body.key).toBe('unknown-schema');
    const none = await api.post('/silo/v1/entries', { data: { name: 'no schema' } });
    expect(none.status).toBe(422);
    expect(none.body.key).toBe('unknown-schema');
  });
});

describe('PUT /silo/v1/entries/{id}', () => {
  test('creates an entry with the chosen id, then 409 for the same id', async () => {
    const id = randomUUID();
    const reply = await api.put(`/silo/v1/entries/${id}`, { data: party('Chosen') });
    expect(reply.status).toBe(200);
    expect(reply.body.id).toBe(id);
    expect(reply.body.data.head.uuid).toBe(id);
    const again = await api.put(`/silo/v1/entries/${id}`, { data: party('Again') });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('conflict');
  });

  test('409 when the key is taken, even with a new id', async () => {
    await api.post('/silo/v1/entries', { data: party('Keyed'), key: 'k-put' });
    const reply = await api.put(`/silo/v1/entries/${randomUUID()}`, { data: party('Other'), key: 'k-put' });
    expect(reply.status).toBe(409);
  });

  test('a bad UUID in the path is 400 input', async () => {
    const reply = await api.put('/silo/v1/entries/not-a-uuid', { data: party('X') });
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
  });

  test('an envelope whose uuid differs from the path is 400', async () => {
    const envelope = { $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: randomUUID() }, doc: party('Mismatch') };
    const reply = await api.put(`/silo/v1/entries/${randomUUID()}`, { data: envelope });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual({ data: { head: { uuid: expect.any(String) } } });
  });
});

describe('bad requests store nothing', () => {
  test.each([
    ['malformed JSON', '{"data": ', 400, 'input'],
    ['an array body', '[1,2]', 400, 'input'],
    ['a string body', '"text"', 400, 'input'],
    ['an empty body', '', 400, 'input'],
    ['deep nesting', '{"data":' + '['.repeat(200) + ']'.repeat(200) + '}', 400, 'input'],
  ])('%s is %i %s', async (_name, raw, status, key) => {
    const reply = await api.post('/silo/v1/entries', raw);
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body.key).toBe(key);
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test.each([
    [{ data: 'text' }, 'data'],
    [{ data: party('A'), key: 12 }, 'key'],
    [{ data: party('A'), key: '' }, 'key'],
    [{ data: party('A'), key: 'x'.repeat(256) }, 'key'],
    [{ data: party('A'), key: 'a\nb' }, 'key'],
    [{ data: party('A'), folder: 'Bad Folder' }, 'folder'],
    [{ data: party('A'), folder: 7 }, 'folder'],
    [{ data: party('A'), allow_invalid: 'yes' }, 'allow_invalid'],
    [{ data: party('A'), sign: 1 }, 'sign'],
    [{ data: party('A'), content_type: 'text/plain' }, 'content_type'],
    [{ data: party('A'), previous_id: 'nope' }, 'previous_id'],
    [{ data: party('A'), correct: true }, 'correct'],
    [{ key: 'no-data' }, 'data'],
  ])('wrong field %p is 400 naming %s', async (body, field) => {
    const reply = await api.post('/silo/v1/entries', body);
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
    expect(reply.body.fields).toHaveProperty(field);
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('a body that is not application/json is 415', async () => {
    const reply = await api.post('/silo/v1/entries', JSON.stringify({ data: party('A') }), { 'content-type': 'text/plain' });
    expect(reply.status).toBe(415);
    expect(reply.body.key).toBe('unsupported-media-type');
    const latin = await api.post('/silo/v1/entries', JSON.stringify({ data: party('A') }), {
      'content-type': 'application/json; charset=latin1',
    });
    expect(latin.status).toBe(415);
  });

  test('a body over the limit is 413', async () => {
    const reply = await api.post('/silo/v1/entries', { data: party('x'.repeat(70 * 1024)) });
    expect(reply.status).toBe(413);
    expect(reply.body.key).toBe('payload-too-large');
  });

  test('a gzip, deflate or br body is inflated, and the limit counts the inflated bytes', async () => {
    const body = JSON.stringify({ data: party('Compressed Ltd'), key: 'gzipped' });
    const gzipped = await api.post('/silo/v1/entries', new Uint8Array(gzipSync(body)), { 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.body.snippet.name).toBe('Compressed Ltd');
    const deflated = await api.post('/silo/v1/entries', new Uint8Array(deflateSync(JSON.stringify({ data: party('Deflated Ltd') }))), {
      'content-encoding': 'deflate',
    });
    expect(deflated.status).toBe(200);
    const brotli = await api.post('/silo/v1/entries', new Uint8Array(brotliCompressSync(JSON.stringify({ data: party('Brotli Ltd') }))), {
      'content-encoding': 'br',
    });
    expect(brotli.status).toBe(200);

    // 70 KiB of one letter inflate past the 64 KiB limit from a few hundred bytes on the wire.
    const bomb = gzipSync(JSON.stringify({ data: party('x'.repeat(70 * 1024)) }));
    expect(bomb.length).toBeLessThan(1024);
    const refused = await api.post('/silo/v1/entries', new Uint8Array(bomb), { 'content-encoding': 'gzip' });
    expect(refused.status).toBe(413);
    expect(refused.body.key).toBe('payload-too-large');
    expect((await api.get('/silo/v1/entries')).body.list).toHaveLength(3);
  });

  test('a content encoding the service does not read is 415, and nothing is stored', async () => {
    const reply = await api.post('/silo/v1/entries', JSON.stringify({ data: party('A') }), { 'content-encoding': 'zstd-unknown' });
    expect(reply.status).toBe(415);
    expect(reply.body.key).toBe('unsupported-media-type');
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('bytes that are not UTF-8 are 400', async () => {
    const bytes = Buffer.concat([Buffer.from('{"data":{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}}')]);
    const reply = await api.post('/silo/v1/entries', new Uint8Array(bytes));
    expect(reply.status).toBe(400);
  });

  test('a previous_id that does not exist is 404', async () => {
    const reply = await api.post('/silo/v1/entries', { previous_id: randomUUID() });
    expect(reply.status).toBe(404);
    expect(reply.body.key).toBe('not-found');
  });
});

describe('numbers that cannot be read exactly', () => {
  test.each([['1e400'], ['12345678901234567890'], ['0.1234567890123456789'], ['-99999999999999999']])(
    '%s is 400, nothing stored',
    async (literal) => {
      const raw = `{"data":{"$schema":"https://gobl.org/draft-0/org/party","name":"N","ext":{"n":${literal}}}}`;
      const reply = await api.post('/silo/v1/entries', raw);
      expect(reply.status).toBe(400);
      expect(reply.body.key).toBe('input');
      expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
    },
  );

  test('ordinary numbers, and long digit runs inside strings, are fine', async () => {
    const raw = `{"data":{"$schema":"https://gobl.org/draft-0/note/message","title":"12345678901234567890","content":"n 1.5e3 0.10 100"}}`;
    expect((await api.post('/silo/v1/entries', raw)).status).toBe(200);
  });
});

describe('a key held twice in one object', () => {
  test.each([
    ['in the document', '{"data":{"$schema":"https://gobl.org/draft-0/org/party","name":"A","name":"B"}}', 'name'],
    [
      'deep inside it',
      '{"data":{"$schema":"https://gobl.org/draft-0/org/party","name":"A","tax_id":{"country":"ES","country":"PT"}}}',
      'country',
    ],
    ['written with an escape', '{"data":{"$schema":"https://gobl.org/draft-0/org/party","name":"A","\\u006eame":"B"}}', 'name'],
    [
      'in the request around it',
      '{"folder":"a","folder":"b","data":{"$schema":"https://gobl.org/draft-0/org/party","name":"A"}}',
      'folder',
    ],
  ])('%s is 400 input naming the key, nothing stored', async (_, raw, key) => {
    const reply = await api.post('/silo/v1/entries', raw);
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
    expect(JSON.stringify(reply.body)).toContain(`"${key}`);
    expect((await api.get('/silo/v1/entries')).body.list).toEqual([]);
  });

  test('the same key in sibling objects, or as a value, is fine', async () => {
    const raw =
      '{"data":{"$schema":"https://gobl.org/draft-0/org/party","name":"name","tax_id":{"country":"ES"},"addresses":[{"country":"ES"},{"country":"PT"}]}}';
    expect((await api.post('/silo/v1/entries', raw)).status).toBe(200);
  });
});
