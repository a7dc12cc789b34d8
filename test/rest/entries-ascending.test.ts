import { randomUUID } from 'node:crypto';
import type { Entry } from '../../src/domain/entries/model/entry';
import { EntryRepository } from '../../src/storage/entry.repository';
import { walkEntries } from '../helpers/walk-entries';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { entryRecordOf } from '../../src/domain/entries/entry-record';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** Stores entries straight through the repository, at chosen times: equal times show how ties are broken. */
async function storeAt(workspaceId: string, times: number[]): Promise<Entry[]> {
  const repository = new EntryRepository(t.server.dataSource);
  const stored: Entry[] = [];
  for (const [i, time] of times.entries()) {
    const entry: Entry = {
      workspaceId,
      id: randomUUID(),
      folder: i % 2 ? 'sales' : 'parties',
      docSchema: party('x').$schema,
      envSchema: 'https://gobl.org/draft-0/envelope',
      signed: false,
      invalid: false,
      digest: { alg: 'sha256', val: 'x' },
      snippet: { title: `Entry ${i}` },
      tags: [],
      attachments: [],
      meta: [],
      faults: [],
      createdAt: new Date(time),
      updatedAt: new Date(time),
      dataJson: '{}',
    };
    await repository.insert([entryRecordOf(entry)]);
    stored.push(entry);
  }
  return stored;
}

/** Oldest first: created_at ascending, then id ascending. */
const oldestFirst = (a: Entry, b: Entry) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('GET /silo/v1/entries?ascending=true', () => {
  const base = Date.parse('2026-03-01T10:00:00Z');
  // Runs of equal times: a page boundary falls inside each run.
  const times = Array.from({ length: 40 }, (_, i) => base + Math.floor(i / 6) * 1000);

  test('oldest first through pages of 5, ties broken by id: none missed or repeated', async () => {
    const workspace = newWorkspace();
    const stored = await storeAt(workspace, times);
    const api = client(t.url, await tokenFor(workspace));
    const { seen, pages } = await walkEntries(api, 'ascending=true&limit=5');
    expect(pages).toBe(8);
    expect(seen.map((e) => e.id)).toEqual([...stored].sort(oldestFirst).map((e) => e.id));
    // The same walk newest first is the exact reverse.
    const { seen: newest } = await walkEntries(api, 'limit=5');
    expect(newest.map((e) => e.id)).toEqual(seen.map((e) => e.id).reverse());
    expect((await walkEntries(api, 'ascending=false&limit=7')).seen.map((e) => e.id)).toEqual(newest.map((e) => e.id));
  });

  test('created_at is a lower bound when ascending; folder and cursor keep it', async () => {
    const workspace = newWorkspace();
    const stored = await storeAt(workspace, times);
    const api = client(t.url, await tokenFor(workspace));
    const from = new Date(base + 3000).toISOString();
    const { seen } = await walkEntries(api, `ascending=true&limit=4&folder=sales&created_at=${encodeURIComponent(from)}`);
    const expected = stored.filter((e) => e.folder === 'sales' && e.createdAt.getTime() >= base + 3000).sort(oldestFirst);
    expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(expected.length).toBeGreaterThan(4);
  });

  test('a cursor of one order used with the other is 400 input, not a wrong page', async () => {
    const workspace = newWorkspace();
    await storeAt(workspace, times.slice(0, 6));
    const api = client(t.url, await tokenFor(workspace));
    const ascending = (await api.get('/silo/v1/entries?ascending=true&limit=2')).body.next_cursor;
    const descending = (await api.get('/silo/v1/entries?limit=2')).body.next_cursor;
    for (const query of [`cursor=${ascending}`, `cursor=${ascending}&ascending=false`, `cursor=${descending}&ascending=true`]) {
      const reply = await api.get(`/silo/v1/entries?limit=2&${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ key: 'input', fields: { cursor: expect.stringMatching(/order/) } });
    }
    expect((await api.get(`/silo/v1/entries?limit=2&ascending=true&cursor=${ascending}`)).status).toBe(200);
  });

  test('ascending must be true or false, given once', async () => {
    const api = client(t.url, await tokenFor(newWorkspace()));
    for (const bad of ['yes', '1', 'TRUE']) {
      const reply = await api.get(`/silo/v1/entries?ascending=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ key: 'input', fields: { ascending: expect.any(String) } });
    }
    expect((await api.get('/silo/v1/entries?ascending=true&ascending=false')).status).toBe(400);
    expect((await api.get('/silo/v1/entries?ascending=')).status).toBe(200);
  });

  test('entries created through the API come back in creation order', async () => {
    const api = client(t.url, await tokenFor(newWorkspace()));
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await api.post('/silo/v1/entries', { data: party(`P${i}`) })).body);
    const reply = await api.get('/silo/v1/entries?ascending=true');
    const byTime = (a: any, b: any) => (a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1);
    expect(reply.body.list.map((e: any) => e.id)).toEqual([...created].sort(byTime).map((e) => e.id));
  });
});
