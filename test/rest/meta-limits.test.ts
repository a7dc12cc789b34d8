import { client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * The bounds on an entry's meta rows: how many it has (ENTRY_META_LIMIT), and the search terms its indexed rows
 * give it (ENTRY_SEARCH_TERMS_LIMIT). Past either, an upsert is 422 naming the limit and stores nothing.
 */
const META_LIMIT = 5;
const TERMS_LIMIT = 20_000;
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer({ ENTRY_META_LIMIT: String(META_LIMIT), ENTRY_SEARCH_TERMS_LIMIT: String(TERMS_LIMIT) });
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const newEntry = async (name: string) => (await api.post('/silo/v1/entries', { data: party(name) })).body.id as string;
const metaPath = (entry: string, key: string) => `/silo/v1/entries/${entry}/meta/${key}`;
const found = async (q: string) => (await api.get(`/silo/v1/search?q=${encodeURIComponent(q)}`)).body.list.map((e: { id: string }) => e.id);

/** A value of just under 64 KiB of JSON, every word its own (about 7,000 terms), distinct from every other row's. */
const wordsValue = (row: number) => {
  const words: string[] = [];
  for (let i = 0, size = '{"text":""}'.length; size + 9 <= 63 * 1024; i++, size += 9) words.push(`r${row}w${String(i).padStart(5, '0')}`);
  return { text: words.join(' ') };
};

test('indexed rows of 63 KiB of words: each written, until the next would pass the terms limit; never a 500', async () => {
  const entry = await newEntry('Many words');
  const statuses: number[] = [];
  for (let row = 0; row < 9; row++) {
    const reply = await api.put(metaPath(entry, `k${row}`), { value: wordsValue(row), indexed: true });
    statuses.push(reply.status);
    if (reply.status === 422) {
      expect(reply.body).toMatchObject({ key: 'validation', fields: { value: expect.stringContaining('ENTRY_SEARCH_TERMS_LIMIT') } });
      expect(reply.body.message).toContain(`at most ${TERMS_LIMIT}`);
      // Nothing of it stored: not the row, not its words in the index.
      expect((await api.get(metaPath(entry, `k${row}`))).status).toBe(404);
      expect(await found(`r${row}w00001`)).toEqual([]);
    }
  }
  // About 7,000 terms a row: two fit under 20,000, the third and every later one would not.
  expect(statuses).toEqual([200, 200, 422, 422, 422, 422, 422, 422, 422]);
  expect(await found('r0w00001')).toEqual([entry]);
  expect(await found('r1w07000')).toEqual([entry]);

  // The same words, not indexed, are taken, and leave the entry's search row as it was (not written again);
  // an indexed row that adds no more terms than it replaces is taken too.
  const searchRow = async () =>
    ((await t.server.dataSource.query('SELECT rid FROM entry_search WHERE entry_id = ?', [entry])) as { rid: unknown }[])[0].rid;
  const before = await searchRow();
  expect((await api.put(metaPath(entry, 'k2'), { value: wordsValue(2) })).status).toBe(200);
  expect(await searchRow()).toEqual(before);
  expect((await api.put(metaPath(entry, 'k1'), { value: wordsValue(1), indexed: true, ref: 'SHORT-1' })).status).toBe(200);
  // A rewrite gives the row a new rid on MariaDB (SQLite may hand the newest row's rid out again).
  if (testDatabase() === 'mariadb') expect(await searchRow()).not.toEqual(before);
  // Deleted, its terms leave the index and make room.
  expect((await api.send('DELETE', metaPath(entry, 'k0'))).status).toBe(200);
  expect(await found('r0w00001')).toEqual([]);
  expect((await api.put(metaPath(entry, 'k3'), { value: wordsValue(3), indexed: true })).status).toBe(200);
  expect(await found('r3w00002')).toEqual([entry]);
});

test(`an entry takes ${META_LIMIT} meta rows; a new one past that is 422 naming ENTRY_META_LIMIT, a replaced one is not`, async () => {
  const entry = await newEntry('Many rows');
  for (let i = 0; i < META_LIMIT; i++) expect((await api.put(metaPath(entry, `row${i}`), { ref: `REF-${i}` })).status).toBe(200);
  const refused = await api.put(metaPath(entry, 'one-more'), { ref: 'REF-X', indexed: true });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ key: 'validation', message: expect.stringContaining('ENTRY_META_LIMIT') });
  expect((await api.get(metaPath(entry, 'one-more'))).status).toBe(404);
  expect(await found('REF-X')).toEqual([]);
  expect((await api.get(`/silo/v1/entries/${entry}`)).body.meta).toHaveLength(META_LIMIT);
  // Replacing a row keeps the count: taken.
  expect((await api.put(metaPath(entry, 'row0'), { ref: 'REF-0b' })).status).toBe(200);
  // Once one is deleted, a new one fits again.
  expect((await api.send('DELETE', metaPath(entry, 'row1'))).status).toBe(200);
  expect((await api.put(metaPath(entry, 'one-more'), { ref: 'REF-X' })).status).toBe(200);
});

test('many new rows at once on an entry near its limit: exactly as many as fit are stored', async () => {
  const entry = await newEntry('Racing rows');
  const replies = await Promise.all(
    Array.from({ length: 12 }, (_, i) => api.put(metaPath(entry, `race${i}`), { ref: `RACE-${i}`, indexed: true })),
  );
  expect(replies.filter((r) => r.status === 200)).toHaveLength(META_LIMIT);
  expect(replies.filter((r) => r.status === 422)).toHaveLength(12 - META_LIMIT);
  expect((await api.get(`/silo/v1/entries/${entry}`)).body.meta).toHaveLength(META_LIMIT);
});
