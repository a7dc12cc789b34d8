import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { invoice } from '../helpers/documents';

/**
 * The event feed over REST: each change yields exactly its events, with the entry as a list shows it; a refused
 * request yields none; the feed pages oldest first from a cursor; filters; a long poll wakes on a change.
 */
let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

/** Every event of the workspace after `cursor`, read page by page. */
async function feed(cursor?: string, query = ''): Promise<{ list: any[]; next: string }> {
  const list: any[] = [];
  let next = cursor;
  for (;;) {
    const reply = await api.get(`/silo/v1/events?limit=2${next ? `&cursor=${next}` : ''}${query}`);
    expect(reply.status).toBe(200);
    list.push(...reply.body.list);
    const moved = reply.body.next_cursor !== next;
    next = reply.body.next_cursor;
    if (reply.body.list.length === 0 || !moved) return { list, next: next! };
  }
}

const typesOf = (list: any[]) => list.map((event) => event.type);

describe('GET /silo/v1/events', () => {
  test('a create is one entry.created, with the entry as the list shows it and no envelope', async () => {
    const created = (await api.post('/silo/v1/entries', { data: invoice(), key: 'inv-1' })).body;
    const { list } = await feed();
    expect(typesOf(list)).toEqual(['entry.created']);
    const [event] = list;
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(event.entry_id).toBe(created.id);
    expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
    const listed = (await api.get('/silo/v1/entries')).body.list[0];
    const { attachments: _a, meta: _m, versions: _v, ...summary } = listed;
    expect(event.data).toEqual(summary);
    expect(event.data.data).toBeUndefined();
  });

  test("each kind of change is one event of its type, in the order of the request's changes", async () => {
    const entry = (await api.post('/silo/v1/entries', { data: party('Acme') })).body;
    const path = `/silo/v1/entries/${entry.id}`;
    expect((await api.send('PATCH', path, { data: party('Acme Two') })).status).toBe(200);
    expect((await api.send('PATCH', path, { folder: 'archive' })).status).toBe(200);
    expect((await api.send('PATCH', path, { sign: true })).status).toBe(200);
    expect((await api.post(`${path}/states`, { key: 'sent' })).status).toBe(200);
    expect(
      (await api.post(`${path}/files`, { name: 'a.txt', mime: 'text/plain', data: Buffer.from('abc').toString('base64') })).status,
    ).toBe(200);
    expect((await api.put(`${path}/meta/secret`, { value: { token: 's3cret' }, secure: true })).status).toBe(200);
    expect((await api.send('DELETE', `${path}/meta/secret`)).status).toBe(200);
    const { list } = await feed();
    expect(typesOf(list)).toEqual([
      'entry.created',
      'entry.updated',
      'entry.moved',
      'entry.signed',
      'entry.state_added',
      'entry.file_added',
      'entry.meta_changed',
      'entry.meta_changed',
    ]);
    const [, updated, moved, signed, state, file, upserted, deleted] = list;
    expect(updated.data.snippet.title).toBe('Acme Two');
    expect(moved.data).toMatchObject({ folder: 'archive', previous_folder: entry.folder });
    expect(signed.data).toMatchObject({ signed: true, draft: false });
    expect(state.data).toMatchObject({ state: 'sent', added_state: { key: 'sent' } });
    expect(file.data.file).toMatchObject({ name: 'a.txt', mime: 'text/plain', size: 3, stored: true });
    expect(upserted.data.meta_row).toEqual({ src: 'api', key: 'secret', change: 'upserted' });
    expect(deleted.data.meta_row).toEqual({ src: 'api', key: 'secret', change: 'deleted' });
    expect(JSON.stringify(list)).not.toContain('s3cret');
    expect(new Set(list.map((event) => event.id)).size).toBe(list.length);
  });

  test('one PATCH with new data, a folder and sign yields updated, moved and signed, in that order', async () => {
    const entry = (await api.post('/silo/v1/entries', { data: party('Acme') })).body;
    const { next } = await feed();
    expect(
      (await api.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: party('Acme Signed'), folder: 'archive', sign: true })).status,
    ).toBe(200);
    expect(typesOf((await feed(next)).list)).toEqual(['entry.updated', 'entry.moved', 'entry.signed']);
  });

  test('a refused request and a change that changes nothing yield no event', async () => {
    const entry = (await api.post('/silo/v1/entries', { data: party('Acme'), key: 'k' })).body;
    const { next } = await feed();
    expect((await api.post('/silo/v1/entries', { data: party('Again'), key: 'k' })).status).toBe(409);
    expect((await api.post('/silo/v1/entries', { data: { $schema: 'https://gobl.org/draft-0/nothing' } })).status).toBe(422);
    expect((await api.send('PATCH', `/silo/v1/entries/${entry.id}`, { folder: 'Not A Folder' })).status).toBe(400);
    expect((await api.send('PATCH', `/silo/v1/entries/${entry.id}`, { folder: entry.folder })).status).toBe(200);
    expect((await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'nonsense' })).status).toBe(422);
    expect((await feed(next)).list).toEqual([]);
  });

  test('pages continue from their cursor: every event once, oldest first; filters by type and entry', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post('/silo/v1/entries', { data: party(`P${i}`) })).body.id);
    await api.post(`/silo/v1/entries/${ids[2]}/states`, { key: 'sent' });
    const { list, next } = await feed();
    expect(list.map((event) => event.entry_id)).toEqual([...ids, ids[2]]);
    expect(typesOf((await feed(undefined, '&types=entry.state_added')).list)).toEqual(['entry.state_added']);
    expect((await feed(undefined, `&entry_id=${ids[2]}`)).list.map((event) => event.type)).toEqual(['entry.created', 'entry.state_added']);
    // A cursor handed out stays where it was: a later event follows it, nothing before it comes again.
    const later = (await api.post('/silo/v1/entries', { data: party('Later') })).body.id;
    expect((await feed(next)).list.map((event) => event.entry_id)).toEqual([later]);
    // Each event's own cursor continues right after it.
    expect((await feed(list[3].cursor)).list.map((event) => event.entry_id)).toEqual([ids[4], ids[2], later]);
  });

  test("bad parameters are 400; another workspace's cursor is refused, its events never shown", async () => {
    await api.post('/silo/v1/entries', { data: party('Mine') });
    const { next } = await feed();
    for (const query of ['limit=0', 'limit=501', 'wait=31', 'types=entry.deleted', 'entry_id=nope', 'cursor=%%%', 'cursor=abc']) {
      const reply = await api.get(`/silo/v1/events?${query}`);
      expect([query, reply.status, reply.body.key]).toEqual([query, 400, 'input']);
    }
    const other = client(t.url, await tokenFor(newWorkspace()));
    expect((await other.get('/silo/v1/events')).body.list).toEqual([]);
    expect((await other.get(`/silo/v1/events?cursor=${next}`)).status).toBe(400);
  });

  test('wait holds an empty answer open until an event arrives', async () => {
    const { next } = await feed();
    const started = Date.now();
    const waiting = api.get(`/silo/v1/events?wait=20&cursor=${next}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const created = (await api.post('/silo/v1/entries', { data: party('Awaited') })).body;
    const reply = await waiting;
    expect(reply.body.list.map((event: any) => event.entry_id)).toEqual([created.id]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // With nothing to come, it answers empty at the end of its wait, with a cursor to go on from.
    const empty = await api.get(`/silo/v1/events?wait=1&cursor=${reply.body.next_cursor}`);
    expect(empty.body).toMatchObject({ list: [], next_cursor: reply.body.next_cursor });
  });
});
