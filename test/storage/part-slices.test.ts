import { recordQueries } from '../graphql/graphql-client';
import { client, message, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * An entry's files and meta rows are read in slices of about 1 MiB of their text (src/storage/entry.repository.ts,
 * inSlices): a thousand small rows in a few queries, rows of 60 KB about sixteen at a time.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function entryWithMeta(rows: number, valueOf: (i: number) => string) {
  const api = client(t.url, await tokenFor(newWorkspace()));
  const id = (await api.post('/silo/v1/entries', { data: message('sliced') })).body.id as string;
  const keys = Array.from({ length: rows }, (_, i) => `k${String(i).padStart(4, '0')}`);
  for (let from = 0; from < rows; from += 25) {
    const puts = keys
      .slice(from, from + 25)
      .map((key, j) => api.put(`/silo/v1/entries/${id}/meta/${key}`, { value: { v: valueOf(from + j) } }));
    for (const put of await Promise.all(puts)) expect([put.status, put.body.message]).toEqual([200, undefined]);
  }
  return { api, id, keys };
}

/** The keys of the meta rows the entry shows, sorted, and the LIMIT of each query that read them. */
async function readMeta(api: Awaited<ReturnType<typeof entryWithMeta>>['api'], id: string): Promise<{ shown: string[]; limits: number[] }> {
  const recorder = recordQueries(t.server.dataSource);
  const entry = await api.get(`/silo/v1/entries/${id}`);
  const limits = recorder.queries
    .filter((q) => /FROM [`"]entry_meta[`"]/.test(q) && /LIMIT/.test(q))
    .map((q) => Number(/LIMIT (\d+)/.exec(q)![1]));
  return { shown: entry.body.meta.map((row: { key: string }) => row.key).sort(), limits };
}

describe('files and meta rows are read in slices by their weight', () => {
  test('600 small rows: a few queries, each row once, in order', async () => {
    const { api, id, keys } = await entryWithMeta(600, (i) => `v${i}`);
    const { shown, limits } = await readMeta(api, id);
    expect(shown).toEqual(keys);
    expect(limits.length).toBeLessThanOrEqual(3);
    expect(Math.max(...limits)).toBe(256);
  });

  test('rows of 60 KB: slices of about 1 MiB', async () => {
    const { api, id, keys } = await entryWithMeta(40, (i) => `${i}:`.padEnd(60_000, 'y'));
    const { shown, limits } = await readMeta(api, id);
    expect(shown).toEqual(keys);
    expect(limits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...limits)).toBeLessThanOrEqual(18);
  });
});
