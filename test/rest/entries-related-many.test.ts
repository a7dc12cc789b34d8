import { randomUUID } from 'node:crypto';
import { invoice } from '../helpers/documents';
import { client, newWorkspace, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { graphqlClient } from '../graphql/graphql-client';
import { isBackgroundQuery } from '../helpers/background-queries';

/**
 * A related list of an entry whose document names as many documents as ENTRY_REFS_LIMIT allows: paged to the end
 * in order, each page reading only its own rows (no statement binds a parameter per link); one more is refused.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
let token: string;
beforeAll(async () => {
  t = await startServer();
  token = await tokenFor(newWorkspace());
  api = client(t.url, token);
});
afterAll(() => t.close());

const LIMIT = 10_000;
const preceding = (uuid: string, i: number) => ({ uuid, code: `R-${i}`, issue_date: '2026-11-20' });
const creditNote = (code: string, uuids: string[]) => ({
  data: invoice({ type: 'credit-note', code, preceding: uuids.map(preceding) }),
  allow_invalid: true,
});

/** The parameters bound by each statement the server sends while `work` runs (TypeORM's logger sees every one). */
async function boundParameters(work: () => Promise<unknown>): Promise<number[]> {
  const logger = t.server.dataSource.logger;
  const original = logger.logQuery;
  const counts: number[] = [];
  logger.logQuery = function (query, parameters, queryRunner) {
    if (!isBackgroundQuery(query)) counts.push(parameters?.length ?? 0);
    return original.call(this, query, parameters, queryRunner);
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return counts;
}

/** Every page of a related list, in order, as [id, context]. */
async function allPages(path: string, limit: number): Promise<[string, string][]> {
  const seen: [string, string][] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const reply = await api.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    seen.push(...reply.body.list.map((e: any) => [e.id, e.context] as [string, string]));
    cursor = reply.body.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('the list did not end');
}

test(`a credit note naming ${LIMIT} documents: its related list pages to the end in order, a page costing what a small list's does`, async () => {
  const invoices: any[] = [];
  for (let i = 0; i < 12; i++) invoices.push((await api.post('/silo/v1/entries', { data: invoice({ code: `R-${i}` }) })).body);
  const named = invoices.map((inv) => inv.data.doc.uuid as string);
  const others = Array.from({ length: LIMIT - named.length - 1 }, () => randomUUID()); // documents stored nowhere (the note's own uuid is a reference too)
  const big = await api.post('/silo/v1/entries', creditNote('CN-BIG', [...others.slice(0, 5000), ...named, ...others.slice(5000)]));
  expect(big.status).toBe(200);
  const small = await api.post('/silo/v1/entries', creditNote('CN-SMALL', named));
  expect(small.status).toBe(200);

  const newestFirst = [...invoices].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
  );
  for (const [ascending, order] of [
    [false, newestFirst],
    [true, [...newestFirst].reverse()],
  ] as const) {
    const query = ascending ? '?ascending=true' : '';
    expect(await allPages(`/silo/v1/entries/${big.body.id}/related${query}`, 5)).toEqual(order.map((inv: any) => [inv.id, 'uuid']));
    expect(await allPages(`/silo/v1/entries/related${query ? `${query}&` : '?'}uuid=${big.body.data.doc.uuid}`, 5)).toEqual(
      order.map((inv: any) => [inv.id, 'uuid']),
    );
  }
  // The other way: each invoice lists both notes as naming it.
  const inv = (await api.get(`/silo/v1/entries/${invoices[3].id}/related`)).body.list.map((e: any) => [e.id, e.context]);
  expect(inv).toEqual([
    [small.body.id, 'preceding'],
    [big.body.id, 'preceding'],
  ]);

  // A page of the big note's list binds what a page of the small one's does: nothing per link.
  const page = (id: string) => async () => expect((await api.get(`/silo/v1/entries/${id}/related?limit=5`)).status).toBe(200);
  const bigCounts = await boundParameters(page(big.body.id));
  const smallCounts = await boundParameters(page(small.body.id));
  expect(bigCounts).toEqual(smallCounts);
  expect(bigCounts.length).toBeGreaterThan(3);
  expect(Math.max(...bigCounts)).toBeLessThan(100);
  // On SQLite the page's union is read on a reader thread (a connection of its own), not on the HTTP thread.
  const readers = t.server.sqliteReaders;
  expect(readers === undefined).toBe(testDatabase() === 'mariadb');
  if (readers) {
    const before = readers.completed;
    await page(big.body.id)();
    expect(readers.completed).toBe(before + 1);
  }

  // GraphQL's related connection reads the same pages.
  const related = await graphqlClient(t.url, token).query(
    'query ($id: ID!, $after: String) { entry(id: $id) { related(first: 5, after: $after) { edges { context node { id } } pageInfo { hasNextPage endCursor } } } }',
    { id: big.body.id },
  );
  expect(related.body.errors).toBeUndefined();
  expect(related.body.data.entry.related.edges).toEqual(
    newestFirst.slice(0, 5).map((inv: any) => ({ context: 'uuid', node: { id: inv.id } })),
  );
  expect(related.body.data.entry.related.pageInfo.hasNextPage).toBe(true);
});

test(`a document naming more than ${LIMIT} documents is refused, 422 naming the limit, and nothing is stored`, async () => {
  const before = (await api.get('/silo/v1/entries?limit=100')).body.list.length;
  const reply = await api.post(
    '/silo/v1/entries',
    creditNote(
      'CN-OVER',
      Array.from({ length: LIMIT }, () => randomUUID()),
    ),
  );
  expect(reply.status).toBe(422);
  expect(reply.body).toMatchObject({ key: 'validation', message: expect.stringContaining('ENTRY_REFS_LIMIT') });
  expect((await api.get('/silo/v1/entries?limit=100')).body.list.length).toBe(before);
});

test('one document uuid held by many entries: its related list names each entry that names any of them, none of them', async () => {
  const docUuid = randomUUID();
  // The same document stored again and again (each a new entry), more than are read one by one.
  const holders: any[] = [];
  for (let i = 0; i < 7; i++) {
    const reply = await api.post('/silo/v1/entries', { data: invoice({ uuid: docUuid, code: `SAME-${i}` }) });
    expect(reply.status).toBe(200);
    expect(reply.body.data.doc.uuid).toBe(docUuid);
    holders.push(reply.body);
  }
  const note = (await api.post('/silo/v1/entries', creditNote('CN-SAME', [docUuid]))).body;
  const copies = [];
  for (const holder of [holders[0], holders[6]]) copies.push((await api.post('/silo/v1/entries', { previous_id: holder.id })).body);
  const expected = [
    [copies[1].id, 'previous'],
    [copies[0].id, 'previous'],
    [note.id, 'preceding'],
  ];
  expect(await allPages(`/silo/v1/entries/related?uuid=${docUuid}`, 2)).toEqual(expected);
  expect(await allPages(`/silo/v1/entries/related?uuid=${docUuid}&ascending=true`, 2)).toEqual([...expected].reverse());
  expect(await allPages(`/silo/v1/entries/related?uuid=${docUuid}&context=previous`, 1)).toEqual(expected.slice(0, 2));
  // The note names the document: every entry holding it, none twice.
  const named = await allPages(`/silo/v1/entries/${note.id}/related`, 3);
  expect(named.map(([id]) => id).sort()).toEqual(holders.map((h) => h.id).sort());
  expect(new Set(named.map(([, context]) => context))).toEqual(new Set(['uuid']));
});

test(`an update whose document names more than ${LIMIT} documents is refused and changes nothing`, async () => {
  const inv = (await api.post('/silo/v1/entries', { data: invoice({ code: 'U-1' }) })).body;
  const note = (await api.post('/silo/v1/entries', creditNote('CN-UPD', [inv.data.doc.uuid]))).body;
  const reply = await api.send(
    'PATCH',
    `/silo/v1/entries/${note.id}`,
    creditNote(
      'CN-UPD',
      Array.from({ length: LIMIT }, () => randomUUID()),
    ),
  );
  expect(reply.status).toBe(422);
  expect(reply.body).toMatchObject({ key: 'validation', message: expect.stringContaining('ENTRY_REFS_LIMIT') });
  expect((await api.get(`/silo/v1/entries/${note.id}`)).body.version).toBe(note.version);
  expect(await allPages(`/silo/v1/entries/${note.id}/related`, 5)).toEqual([[inv.id, 'uuid']]);
});
