import { randomUUID } from 'node:crypto';
import { compactVerify, createLocalJWKSet } from 'jose';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The hosted API's sequence service (/sequence/v1): series created idempotently by id, entries taking the next
 * code with no gap and no repeat however many requests race, the same id never taking a second code, and the chain
 * of signatures checked by the verify route and by jose with the published JWKS alone.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

const newSeries = async (body: Record<string, unknown> = {}) => {
  const id = randomUUID();
  const reply = await api.put(`/sequence/v1/series/${id}`, { name: 'Sales', prefix: 'INV-', padding: 5, ...body });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; start: number; last_index?: number; last_entry_id?: string };
};

test('a series is created by its id, answered again as it is, listed and fetched; the Go client zeros read as absent', async () => {
  const id = randomUUID();
  // What invopop/client.go's CreateSeries sends for a series with a name only.
  const goClientBody = { name: 'Go', description: '', code: '', prefix: '', padding: 0, suffix: '', start: 0 };
  const created = await api.put(`/sequence/v1/series/${id}`, goClientBody);
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ id, name: 'Go', prefix: '', suffix: '', padding: 0, start: 1 });
  expect(created.body.last_index).toBeUndefined();
  const again = await api.put(`/sequence/v1/series/${id}`, goClientBody);
  expect(again.body).toEqual(created.body);
  expect((await api.get(`/sequence/v1/series/${id}`)).body).toEqual(created.body);
  const list = await api.get('/sequence/v1/series');
  expect(list.body.list.map((s: { id: string }) => s.id)).toContain(id);
  // Renamed: name, code and description change.
  const renamed = await api.put(`/sequence/v1/series/${id}`, { ...goClientBody, name: 'Renamed', code: 'SALES-2026' });
  expect(renamed.body).toMatchObject({ id, name: 'Renamed', code: 'SALES-2026' });
});

test("entries take start, start+1, … with the series' prefix, padding and suffix; the same id answers the same entry", async () => {
  const series = await newSeries({ start: 41, suffix: '-F1' });
  const first = randomUUID();
  const a = await api.put(`/sequence/v1/series/${series.id}/entries/${first}`, { meta: { invoice: 'one' } });
  expect(a.status).toBe(200);
  expect(a.body).toMatchObject({ id: first, series_id: series.id, index: 41, code: 'INV-00041-F1', meta: { invoice: 'one' } });
  expect(a.body.previous_id).toBeUndefined();
  const again = await api.put(`/sequence/v1/series/${series.id}/entries/${first}`, { meta: { invoice: 'one' } });
  expect(again.body).toEqual(a.body);
  // invopop/client.go's CreateEntry repeats the id in the body.
  const second = randomUUID();
  const b = await api.put(`/sequence/v1/series/${series.id}/entries/${second}`, { id: second.toUpperCase() });
  expect(b.body).toMatchObject({ id: second, index: 42, code: 'INV-00042-F1', previous_id: first });
  expect((await api.get(`/sequence/v1/series/${series.id}/entries/${first}`)).body).toEqual(a.body);
  expect((await api.get(`/sequence/v1/series/${series.id}`)).body).toMatchObject({ last_index: 42, last_entry_id: b.body.id });
  // The numbering cannot change once an entry is taken; the name can.
  expect(
    (await api.put(`/sequence/v1/series/${series.id}`, { name: 'Sales', prefix: 'X-', padding: 5, start: 41, suffix: '-F1' })).status,
  ).toBe(409);
  expect(
    (await api.put(`/sequence/v1/series/${series.id}`, { name: 'Other', prefix: 'INV-', padding: 5, start: 41, suffix: '-F1' })).status,
  ).toBe(200);
});

test('refusals: other meta under a taken id and an id of another series are 409; unknown ids 404; bad bodies 400; nothing taken', async () => {
  const series = await newSeries();
  const other = await newSeries();
  const id = randomUUID();
  await api.put(`/sequence/v1/series/${series.id}/entries/${id}`, { meta: { a: '1' } });
  expect((await api.put(`/sequence/v1/series/${series.id}/entries/${id}`, { meta: { a: '2' } })).status).toBe(409);
  expect((await api.put(`/sequence/v1/series/${other.id}/entries/${id}`, {})).status).toBe(409);
  expect((await api.get(`/sequence/v1/series/${other.id}/entries/${id}`)).status).toBe(404);
  expect((await api.put(`/sequence/v1/series/${randomUUID()}/entries/${randomUUID()}`, {})).status).toBe(404);
  expect((await api.get(`/sequence/v1/series/not-a-uuid`)).status).toBe(404);
  const tooMuchMeta = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, 'v']));
  const refused = await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, { meta: tooMuchMeta });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ key: 'input', fields: { meta: expect.any(String) } });
  expect((await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, { number: 5 })).status).toBe(400);
  const otherId = await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, { id: randomUUID() });
  expect(otherId.body).toMatchObject({ key: 'input', fields: { id: expect.any(String) } });
  expect((await api.put(`/sequence/v1/series/${randomUUID()}`, { padding: 99 })).body).toMatchObject({
    key: 'input',
    fields: { padding: expect.any(String) },
  });
  // None of the refusals took an index: the next entry is the second.
  expect((await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, {})).body.index).toBe(2);
  expect((await client(t.url).get('/sequence/v1/series')).status).toBe(401);
});

test('200 entries raced at once, each id sent twice: indexes 1 to 200 exactly once each, one index per id, the chain valid', async () => {
  const series = await newSeries();
  const ids = Array.from({ length: 200 }, () => randomUUID());
  const replies = await Promise.all([...ids, ...ids].map((id) => api.put(`/sequence/v1/series/${series.id}/entries/${id}`, {})));
  expect(replies.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
  const indexById = new Map<string, number>();
  for (const reply of replies) {
    const known = indexById.get(reply.body.id);
    if (known !== undefined) expect(reply.body.index).toBe(known);
    indexById.set(reply.body.id, reply.body.index);
  }
  expect([...indexById.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  const verdict = await api.get(`/sequence/v1/series/${series.id}/verify`);
  expect(verdict.body).toEqual({ valid: true, checked: 200, from: 1 });
});

test('entries are listed newest first, a page at a time, to the first', async () => {
  const series = await newSeries();
  for (let i = 0; i < 25; i++) await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, {});
  const seen: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get(`/sequence/v1/series/${series.id}/entries?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    seen.push(...page.body.list.map((e: { index: number }) => e.index));
    cursor = page.body.cursor;
  } while (cursor);
  expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
  expect((await api.get(`/sequence/v1/series/${series.id}/entries?limit=500`)).status).toBe(400);
  expect((await api.get(`/sequence/v1/series/${series.id}/entries?cursor=nonsense`)).status).toBe(400);
});

test('the chain is checked offline with the published JWKS, and a row changed in the database is the first break', async () => {
  const series = await newSeries();
  const entries = [];
  for (let i = 0; i < 6; i++) entries.push((await api.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, {})).body);
  const jwks = createLocalJWKSet((await client(t.url).get('/.well-known/jwks.json')).body);
  for (const entry of entries) {
    const { payload } = await compactVerify(entry.sigs[0], jwks);
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ id: entry.id, index: entry.index, code: entry.code });
  }
  await t.server.dataSource.query('UPDATE sequence_entries SET code = ? WHERE id = ?', ['INV-99999', entries[3].id]);
  const verdict = await api.get(`/sequence/v1/series/${series.id}/verify`);
  expect(verdict.body).toMatchObject({ valid: false, checked: 3, first_break: { index: 4, id: entries[3].id } });
  // From a later index on, the check starts after the break.
  expect((await api.get(`/sequence/v1/series/${series.id}/verify?from=5`)).body).toEqual({ valid: true, checked: 2, from: 5 });
  expect((await api.get(`/sequence/v1/series/${series.id}/verify?limit=2`)).body).toEqual({
    valid: true,
    checked: 2,
    from: 1,
    next_from: 3,
  });
  // A removed row: a gap.
  await t.server.dataSource.query('DELETE FROM sequence_entries WHERE id = ?', [entries[4].id]);
  expect((await api.get(`/sequence/v1/series/${series.id}/verify?from=5`)).body.first_break).toMatchObject({
    index: 6,
    reason: expect.stringContaining('gap'),
  });
});

test("another workspace sees none of a workspace's series", async () => {
  const series = await newSeries();
  const stranger = client(t.url, await tokenFor(newWorkspace()));
  expect((await stranger.get(`/sequence/v1/series/${series.id}`)).status).toBe(404);
  expect((await stranger.get('/sequence/v1/series')).body).toEqual({ list: [] });
  expect((await stranger.put(`/sequence/v1/series/${series.id}/entries/${randomUUID()}`, {})).status).toBe(404);
});

test('a workspace keeps at most 1,000 series: past it a new one is 409 and nothing is stored; an existing id still answers', async () => {
  const workspace = newWorkspace();
  const own = client(t.url, await tokenFor(workspace));
  const kept = randomUUID();
  expect((await own.put(`/sequence/v1/series/${kept}`, { name: 'Kept' })).status).toBe(200);
  // As if 999 more had been made: the count row is what the limit reads.
  await t.server.dataSource.query('UPDATE sequence_quotas SET series = 1000 WHERE workspace_id = ?', [workspace]);
  const refused = await own.put(`/sequence/v1/series/${randomUUID()}`, { name: 'One too many' });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain('at most 1000 series');
  expect((await own.get('/sequence/v1/series')).body.list).toHaveLength(1);
  expect((await own.put(`/sequence/v1/series/${kept}`, { name: 'Kept' })).status).toBe(200);
});
