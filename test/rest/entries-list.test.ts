import { walkEntries } from '../helpers/walk-entries';
import { client, message, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Api = ReturnType<typeof client>;
const newApi = async () => client(t.url, await tokenFor(newWorkspace()));

/** Creates entries one after another; returns them as created. */
async function seed(api: Api, count: number, make: (i: number) => object = (i) => party(`Party ${i}`)) {
  const created = [];
  for (let i = 0; i < count; i++) {
    const reply = await api.post('/silo/v1/entries', { data: make(i) });
    expect(reply.status).toBe(200);
    created.push(reply.body);
  }
  return created;
}

/** Newest first: created_at descending, then id descending. */
const newestFirst = (a: any, b: any) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

describe('GET /silo/v1/entries', () => {
  test('250 entries in pages of 7: none missed or repeated, newest first', async () => {
    const api = await newApi();
    const created = await seed(api, 250);
    const { seen, pages } = await walkEntries(api, 'limit=7');
    expect(pages).toBe(Math.ceil(250 / 7));
    expect(seen.map((e) => e.id)).toEqual([...created].sort(newestFirst).map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(250);
    expect(seen[0].id).toBe(created[249].id);
    for (const entry of seen) expect(entry).not.toHaveProperty('data');
  });

  test('an empty workspace gives an empty list and no next cursor', async () => {
    const reply = await (await newApi()).get('/silo/v1/entries');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ list: [], limit: 20 });
  });

  test('limit: default 20, above 100 served as 100, zero/negative/not a number is 400', async () => {
    const api = await newApi();
    await seed(api, 105);
    const byDefault = await api.get('/silo/v1/entries');
    expect(byDefault.body.limit).toBe(20);
    expect(byDefault.body.list).toHaveLength(20);
    expect(byDefault.body.next_cursor).toBeDefined();
    const clamped = await api.get('/silo/v1/entries?limit=1000');
    expect(clamped.body.limit).toBe(100);
    expect(clamped.body.list).toHaveLength(100);
    for (const bad of ['0', '-1', 'ten', '1.5', '1e2', '']) {
      const reply = await api.get(`/silo/v1/entries?limit=${bad}`);
      if (bad === '') continue; // an empty value is the default
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ key: 'input', fields: { limit: expect.any(String) } });
    }
    expect((await api.get('/silo/v1/entries?limit=1&limit=2')).status).toBe(400);
  });

  test('the folder filter lists only that folder, and the cursor keeps it', async () => {
    const api = await newApi();
    await seed(api, 12, (i) => (i % 3 === 0 ? message(`Message ${i}`) : party(`Party ${i}`)));
    const { seen } = await walkEntries(api, 'folder=messages&limit=2');
    expect(seen.map((e) => e.snippet.title)).toEqual(['Message 9', 'Message 6', 'Message 3', 'Message 0']);
    const first = await api.get('/silo/v1/entries?folder=messages&limit=2');
    expect(first.body.folder).toBe('messages');
    expect((await api.get('/silo/v1/entries?folder=Not%20Valid')).status).toBe(400);
    expect((await api.get('/silo/v1/entries?folder=none')).body.list).toEqual([]);
  });

  test('the state filter lists only entries whose latest state it is, and the cursor keeps it', async () => {
    const api = await newApi();
    const created = await seed(api, 9);
    // 0, 3, 6 paid; 1, 4, 7 sent then paid; 2 sent; 5, 8 none. The latest state counts, not any earlier one.
    for (const [i, entry] of created.entries()) {
      if (i % 3 === 1 || i === 2) expect((await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'sent' })).status).toBeLessThan(300);
      if (i % 3 !== 2) expect((await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'paid' })).status).toBeLessThan(300);
    }
    const paid = created
      .filter((_, i) => i % 3 !== 2)
      .sort(newestFirst)
      .map((e) => e.id);
    const { seen } = await walkEntries(api, 'state=paid&limit=2');
    expect(seen.map((e) => e.id)).toEqual(paid);
    for (const entry of seen) expect(entry.state).toBe('paid');
    const sent = await api.get('/silo/v1/entries?state=sent');
    expect(sent.body).toMatchObject({ state: 'sent', list: [{ id: created[2].id, state: 'sent' }] });
    expect(sent.body.list).toHaveLength(1);
    expect((await api.get('/silo/v1/entries?state=void')).body.list).toEqual([]);
    const both = await api.get('/silo/v1/entries?state=paid&folder=parties&ascending=true&limit=3');
    expect(both.body.list.map((e: any) => e.id)).toEqual([...paid].reverse().slice(0, 3));
    const bad = await api.get('/silo/v1/entries?state=unpaid');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'input', fields: { state: expect.stringContaining('paid') } });
    const page = await api.get('/silo/v1/entries?state=paid&limit=1');
    const otherState = await api.get(`/silo/v1/entries?state=sent&cursor=${page.body.next_cursor}`);
    expect(otherState.status).toBe(400);
    expect((await api.get(`/silo/v1/entries?cursor=${page.body.next_cursor}`)).status).toBe(400);
  });

  test('created_at returns entries created at or before it', async () => {
    const api = await newApi();
    const created = await seed(api, 6);
    await new Promise((r) => setTimeout(r, 5));
    const pivot = created[2].created_at;
    const reply = await api.get(`/silo/v1/entries?created_at=${encodeURIComponent(pivot)}`);
    expect(reply.status).toBe(200);
    expect(reply.body.created_at).toBe(pivot);
    const expected = created
      .filter((e) => e.created_at <= pivot)
      .sort(newestFirst)
      .map((e) => e.id);
    expect(reply.body.list.map((e: any) => e.id)).toEqual(expected);
    expect(expected).toContain(created[2].id);
    const offset = await api.get(`/silo/v1/entries?created_at=${encodeURIComponent('2000-01-01T01:00:00+01:00')}`);
    expect(offset.body.list).toEqual([]);
    for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-01']) {
      const r = await api.get(`/silo/v1/entries?created_at=${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.fields).toHaveProperty('created_at');
    }
  });

  test('a cursor that does not decode, or was made for other filters, is 400 input', async () => {
    const api = await newApi();
    await seed(api, 3);
    const page = await api.get('/silo/v1/entries?limit=1');
    const cursor = page.body.next_cursor;
    for (const bad of ['garbage!', 'eyJ2IjoyfQ', Buffer.from('{"v":1}').toString('base64url'), 'A'.repeat(600)]) {
      const reply = await api.get(`/silo/v1/entries?cursor=${encodeURIComponent(bad)}`);
      expect(reply.status).toBe(400);
      expect(reply.body.key).toBe('input');
    }
    const otherFilters = await api.get(`/silo/v1/entries?cursor=${cursor}&folder=parties`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.key).toBe('input');
    expect((await api.get(`/silo/v1/entries?cursor=${cursor}&limit=1`)).status).toBe(200);
  });
});
