import { randomUUID } from 'node:crypto';
import { MetaEntity } from '../../src/storage/entities/meta.entity';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let entryId: string;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
  other = client(t.url, await tokenFor(newWorkspace()));
  entryId = (await api.post('/silo/v1/entries', { data: party('With meta') })).body.id;
});
afterAll(() => t.close());

const metaPath = (key: string, entry = entryId) => `/silo/v1/entries/${entry}/meta/${encodeURIComponent(key)}`;
const del = (c: typeof api, path: string) => c.send('DELETE', path);

describe('meta rows of an entry', () => {
  test('upsert creates a row, answered in the contract shape; fetch returns it; the entry lists it', async () => {
    const put = await api.put(metaPath('service-id'), {
      ref: 'ext-123',
      value: { status: 'sent', n: 2 },
      url: 'https://example.com/x',
      scope: 'public',
      indexed: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: `${entryId}:api:service-id`,
      entry_id: entryId,
      src: 'api',
      key: 'service-id',
      ref: 'ext-123',
      value: { status: 'sent', n: 2 },
      link_url: 'https://example.com/x',
      link_scope: 'public',
      indexed: true,
      owned: false,
      secure: false,
      shared: false,
    });
    expect(put.body.created_at).toBe(put.body.updated_at);
    const got = await api.get(metaPath('service-id'));
    expect(got.status).toBe(200);
    expect(got.body).toEqual(put.body);
    const entry = await api.get(`/silo/v1/entries/${entryId}`);
    expect(entry.body.meta).toEqual([put.body]);
  });

  test('a second upsert replaces the row, keeping its created_at', async () => {
    const first = (await api.put(metaPath('replaced'), { value: { a: 1 }, ref: 'r1' })).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await api.put(metaPath('replaced'), { value: { b: 2 } });
    expect(second.status).toBe(200);
    expect(second.body.value).toEqual({ b: 2 });
    expect(second.body.ref).toBeUndefined();
    expect(second.body.created_at).toBe(first.created_at);
    expect(second.body.updated_at > first.updated_at).toBe(true);
    expect((await api.get(metaPath('replaced'))).body).toEqual(second.body);
  });

  test("a secure row is never in the entry's list, only in the answer to its key", async () => {
    const secret = await api.put(metaPath('credentials'), { value: { token: 's3cret' }, secure: true });
    expect(secret.status).toBe(200);
    expect(secret.body.secure).toBe(true);
    const entry = await api.get(`/silo/v1/entries/${entryId}`);
    expect(entry.body.meta.map((m: { key: string }) => m.key)).not.toContain('credentials');
    expect(JSON.stringify(entry.body)).not.toContain('s3cret');
    const list = await api.get('/silo/v1/entries');
    expect(JSON.stringify(list.body)).not.toContain('s3cret');
    expect((await api.get(metaPath('credentials'))).body.value).toEqual({ token: 's3cret' });
  });

  test('an indexed row is found by search through its reference and values; not once deleted; a secure one never', async () => {
    await api.put(metaPath('tracking'), { ref: 'TRK-99812', value: { carrier: 'Fastpost' }, indexed: true });
    await api.put(metaPath('hidden'), { ref: 'HID-55501', indexed: true, secure: true });
    await api.put(metaPath('plain'), { ref: 'PLN-77701' });
    const found = (q: string) =>
      api.get(`/silo/v1/search?q=${encodeURIComponent(q)}`).then((r) => r.body.list.map((e: { id: string }) => e.id));
    expect(await found('TRK-99812')).toEqual([entryId]);
    expect(await found('fastpost')).toEqual([entryId]);
    expect(await found('HID-55501')).toEqual([]);
    expect(await found('PLN-77701')).toEqual([]);
    const gone = await del(api, metaPath('tracking'));
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ key: 'tracking', ref: 'TRK-99812' });
    expect(await found('TRK-99812')).toEqual([]);
    expect(await found('with meta')).toEqual([entryId]);
  });

  test('delete answers the row as it was; then it is 404', async () => {
    const row = (await api.put(metaPath('short-lived'), { value: { x: true } })).body;
    const gone = await del(api, metaPath('short-lived'));
    expect(gone.body).toEqual(row);
    expect((await api.get(metaPath('short-lived'))).status).toBe(404);
    expect((await del(api, metaPath('short-lived'))).status).toBe(404);
    const entry = await api.get(`/silo/v1/entries/${entryId}`);
    expect(entry.body.meta.map((m: { key: string }) => m.key)).not.toContain('short-lived');
  });

  test('found by key and reference without the entry id, within the workspace only', async () => {
    const row = (await api.put(metaPath('invoice-ref'), { ref: 'ORD/2026/7' })).body;
    const byRef = await api.get(`/silo/v1/entries/meta/invoice-ref/${encodeURIComponent('ORD/2026/7')}`);
    expect(byRef.status).toBe(200);
    expect(byRef.body).toEqual(row);
    expect((await api.get(`/silo/v1/entries/meta/invoice-ref/${encodeURIComponent('ORD/2026/7')}?owned=true`)).body).toEqual(row);
    expect((await api.get('/silo/v1/entries/meta/invoice-ref/nope')).status).toBe(404);
    expect((await other.get(`/silo/v1/entries/meta/invoice-ref/${encodeURIComponent('ORD/2026/7')}`)).status).toBe(404);
  });

  test("another workspace's entry is 404 for every method, and nothing is written", async () => {
    await api.put(metaPath('mine'), { value: { a: 1 } });
    expect((await other.get(metaPath('mine'))).status).toBe(404);
    expect((await other.put(metaPath('mine'), { value: { a: 2 } })).status).toBe(404);
    expect((await del(other, metaPath('mine'))).status).toBe(404);
    expect((await api.get(metaPath('mine'))).body.value).toEqual({ a: 1 });
  });

  test('an unknown entry is 404; a bad entry id is 400', async () => {
    expect((await api.get(metaPath('k', randomUUID()))).status).toBe(404);
    expect((await api.put(metaPath('k', randomUUID()), {})).status).toBe(404);
    const bad = await api.put(metaPath('k', 'not-a-uuid'), {});
    expect(bad.status).toBe(400);
    expect(bad.body.fields.entry_id).toEqual(expect.any(String));
  });

  test.each([
    [{ value: 'text' }, 'value'],
    [{ value: [1, 2] }, 'value'],
    [{ ref: 5 }, 'ref'],
    [{ ref: 'r'.repeat(256) }, 'ref'],
    [{ url: 'u'.repeat(2049) }, 'url'],
    [{ url: 'javascript:alert(document.cookie)' }, 'url'],
    [{ url: 'data:text/html,<script>alert(1)</script>' }, 'url'],
    [{ url: '/relative/path' }, 'url'],
    [{ scope: 's'.repeat(65) }, 'scope'],
    [{ secure: 'yes' }, 'secure'],
    [{ shared: 1 }, 'shared'],
    [{ link_url: 'https://example.com' }, 'link_url'],
    [{ value: { big: 'x'.repeat(70_000) } }, 'value'],
  ])('a bad body %# is 400 input naming the member, and stores nothing', async (body, field) => {
    const reply = await api.put(metaPath('refused'), body);
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('input');
    expect(reply.body.fields[field]).toEqual(expect.any(String));
    expect((await api.get(metaPath('refused'))).status).toBe(404);
  });

  test('a body that is not a JSON object is 400; not JSON is 415; a key too long is 400; another method 405', async () => {
    expect((await api.put(metaPath('k'), [1])).status).toBe(400);
    expect((await api.put(metaPath('k'), 'x=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await api.put(metaPath('k'.repeat(256)), {})).status).toBe(400);
    expect((await api.post(metaPath('k'), {})).status).toBe(405);
  });

  test('rows of another source: listed with the entry; read by key or reference only when shared; never deleted through the API', async () => {
    const workspace = newWorkspace();
    const mine = client(t.url, await tokenFor(workspace));
    const entry = (await mine.post('/silo/v1/entries', { data: party('Imported') })).body.id;
    const row = (key: string, shared: boolean) =>
      Object.assign(new MetaEntity(), {
        workspaceId: workspace,
        entryId: entry,
        src: 'erp',
        key,
        value: '{"n":1}',
        ref: `ref-${key}`,
        ownerId: null,
        owned: false,
        indexed: false,
        secure: false,
        shared,
        linkScope: null,
        linkUrl: null,
        createdAt: Date.now(),
        updatedAt: Date.now(),
      });
    await t.server.dataSource.getRepository(MetaEntity).insert([row('open', true), row('closed', false)]);
    expect((await mine.get(`/silo/v1/entries/${entry}`)).body.meta.map((m: { id: string }) => m.id).sort()).toEqual([
      `${entry}:erp:closed`,
      `${entry}:erp:open`,
    ]);
    expect((await mine.get(metaPath('open', entry))).body).toMatchObject({
      id: `${entry}:erp:open`,
      src: 'erp',
      shared: true,
      value: { n: 1 },
    });
    expect((await mine.get('/silo/v1/entries/meta/open/ref-open')).body.id).toBe(`${entry}:erp:open`);
    expect((await mine.get(metaPath('closed', entry))).status).toBe(404);
    expect((await mine.get('/silo/v1/entries/meta/closed/ref-closed')).status).toBe(404);
    expect((await del(mine, metaPath('open', entry))).status).toBe(404);
    // An upsert of the same key writes this API's own row beside it; reads by key then find the own row.
    const own = (await mine.put(metaPath('open', entry), { value: { mine: true } })).body;
    expect(own.id).toBe(`${entry}:api:open`);
    expect((await mine.get(metaPath('open', entry))).body).toEqual(own);
  });

  test('many upserts at once, of new keys and of one key, each answered 200 and all stored', async () => {
    const entry = (await api.post('/silo/v1/entries', { data: party('Busy') })).body.id;
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => api.put(metaPath(`k${i}`, entry), { ref: `R-${i}`, indexed: true })),
      ...Array.from({ length: 8 }, (_, i) => api.put(metaPath('same', entry), { value: { i } })),
    ]);
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const listed = (await api.get(`/silo/v1/entries/${entry}`)).body.meta.map((m: { key: string }) => m.key).sort();
    expect(listed).toEqual([...Array.from({ length: 12 }, (_, i) => `k${i}`), 'same'].sort());
    // Every indexed reference is in the entry's search row: no rewrite of it lost another's.
    for (let i = 0; i < 12; i++)
      expect((await api.get(`/silo/v1/search?q=R-${i}`)).body.list.map((e: { id: string }) => e.id)).toEqual([entry]);
  });

  test('null members read as absent', async () => {
    const reply = await api.put(metaPath('nulls'), { ref: null, value: null, secure: null });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ key: 'nulls', secure: false });
    expect(reply.body.ref).toBeUndefined();
  });
});
