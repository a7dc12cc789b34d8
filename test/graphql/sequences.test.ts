import { randomUUID } from 'node:crypto';
import { startServer, type TestServer } from '../helpers/server';
import {
  ListSeriesDocument,
  NextSequenceCodeDocument,
  PutSeriesDocument,
  SeriesEntriesDocument,
  SeriesEntryDocument,
  VerifySeriesDocument,
  type PutSeriesInput,
} from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

/**
 * Series of codes through GraphQL: the same series as REST's /sequence/v1, over the same service. Codes taken
 * gapless however many mutations race, the same id answering the same code, entries paged newest first with REST's
 * cursors, the chain checked by `verification`, and every refusal through the one error mapping.
 */
let t: TestServer;
let apis: Awaited<ReturnType<typeof apisFor>>;
beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  apis = await apisFor(t.url);
});
afterAll(() => t.close());

async function putSeries(input: PutSeriesInput = {}, id = randomUUID()) {
  const reply = await apis.gql.run(PutSeriesDocument, { id, input: { name: 'Sales', prefix: 'INV-', padding: 5, ...input } });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.putSeries.series;
}

async function nextCode(seriesId: string, id = randomUUID(), meta?: Record<string, string>) {
  const reply = await apis.gql.run(NextSequenceCodeDocument, { seriesId, id, meta });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.nextSequenceCode;
}

const verify = async (id: string, from?: number, limit?: number) => {
  const reply = await apis.gql.run(VerifySeriesDocument, { id, from, limit });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.seriesById!.verification;
};

/** REST's snake_case names of a GraphQL object's fields, nulls dropped (REST leaves absent members out). */
const restNamed = (object: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(object)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => [name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]),
  );

test('a series is put by its id, answered again as it is, read and listed alike through REST; its numbering is fixed once it has an entry', async () => {
  const id = randomUUID();
  const created = await apis.gql.run(PutSeriesDocument, {
    id,
    input: { name: 'Sales 2026', prefix: 'INV-', padding: 5, start: 41, suffix: '-F1', clientMutationId: 'p1' },
  });
  expect(created.body.errors).toBeUndefined();
  const { series, clientMutationId } = created.body.data!.putSeries;
  expect(clientMutationId).toBe('p1');
  expect(series).toMatchObject({
    id,
    name: 'Sales 2026',
    prefix: 'INV-',
    suffix: '-F1',
    padding: 5,
    start: 41,
    lastIndex: null,
    code: null,
  });
  expect(restNamed(series)).toEqual((await apis.rest.get(`/sequence/v1/series/${id}`)).body);

  // No input: the series as it is; the Go client's zeros read as absent.
  const again = await apis.gql.run(PutSeriesDocument, {
    id,
    input: { name: 'Sales 2026', prefix: 'INV-', padding: 5, start: 41, suffix: '-F1' },
  });
  expect(again.body.data!.putSeries.series).toEqual(series);
  const bare = await apis.gql.run(PutSeriesDocument, { id: randomUUID() });
  expect(bare.body.data!.putSeries.series).toMatchObject({ prefix: '', padding: 0, start: 1 });

  const entry = await nextCode(id);
  expect(entry).toMatchObject({ seriesId: id, index: 41, code: 'INV-00041-F1', previousId: null, meta: {} });
  const renumbered = await apis.gql.run(PutSeriesDocument, {
    id,
    input: { name: 'Sales 2026', prefix: 'X-', padding: 5, start: 41, suffix: '-F1' },
  });
  expect(firstError(renumbered)).toMatchObject({ path: ['putSeries'], extensions: { code: 'CONFLICT', key: 'conflict' } });
  const renamed = await apis.gql.run(PutSeriesDocument, {
    id,
    input: { name: 'Renamed', code: 'SALES-2026', prefix: 'INV-', padding: 5, start: 41, suffix: '-F1' },
  });
  expect(renamed.body.data!.putSeries.series).toMatchObject({ name: 'Renamed', code: 'SALES-2026', lastIndex: 41, lastEntryId: entry.id });

  const listed = await apis.gql.run(ListSeriesDocument, {});
  expect(listed.body.data!.series.edges.map((edge) => edge.node.id)).toEqual(
    (await apis.rest.get('/sequence/v1/series')).body.list.map((s: { id: string }) => s.id),
  );
});

test("nextSequenceCode takes the series' next code; the same id answers the same entry; other meta or another series is CONFLICT", async () => {
  const series = await putSeries();
  const other = await putSeries();
  const id = randomUUID();
  const first = await nextCode(series.id, id, { invoice: 'one' });
  expect(first).toMatchObject({ id, seriesId: series.id, index: 1, code: 'INV-00001', meta: { invoice: 'one' } });
  expect(first.sigs).toHaveLength(1);
  expect(await nextCode(series.id, id, { invoice: 'one' })).toEqual(first);
  const second = await nextCode(series.id);
  expect(second).toMatchObject({ index: 2, code: 'INV-00002', previousId: id });
  // Seen alike through REST (which leaves empty meta out).
  const { meta, ...shown } = restNamed(second);
  expect(meta).toEqual({});
  expect(shown).toEqual((await apis.rest.get(`/sequence/v1/series/${series.id}/entries/${second.id}`)).body);
  const read = await apis.gql.run(SeriesEntryDocument, { seriesId: series.id, id });
  expect(read.body.data!.seriesById!.entry).toEqual(first);

  const otherMeta = await apis.gql.run(NextSequenceCodeDocument, { seriesId: series.id, id, meta: { invoice: 'two' } });
  expect(firstError(otherMeta)).toMatchObject({ path: ['nextSequenceCode'], extensions: { code: 'CONFLICT', key: 'conflict' } });
  const elsewhere = await apis.gql.run(NextSequenceCodeDocument, { seriesId: other.id, id });
  expect(firstError(elsewhere).extensions.code).toBe('CONFLICT');
  const tooMuchMeta = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, 'v']));
  const refused = await apis.gql.run(NextSequenceCodeDocument, { seriesId: series.id, id: randomUUID(), meta: tooMuchMeta });
  expect(firstError(refused).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input', fields: { meta: expect.any(String) } });
  const unknown = await apis.gql.run(NextSequenceCodeDocument, { seriesId: randomUUID(), id: randomUUID() });
  expect(firstError(unknown).extensions).toMatchObject({ code: 'NOT_FOUND', key: 'not-found' });
  const badPadding = await apis.gql.run(PutSeriesDocument, { id: randomUUID(), input: { padding: 99 } });
  expect(firstError(badPadding).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { padding: expect.any(String) } });
  // None of the refusals took an index.
  expect((await nextCode(series.id)).index).toBe(3);
});

test('forty codes raced at once, each id sent twice: indexes 1 to 40 exactly once each, and the chain valid', async () => {
  const series = await putSeries();
  const ids = Array.from({ length: 40 }, () => randomUUID());
  const taken = await Promise.all([...ids, ...ids].map((id) => nextCode(series.id, id)));
  const indexById = new Map<string, number>();
  for (const entry of taken) {
    const known = indexById.get(entry.id);
    if (known !== undefined) expect(entry.index).toBe(known);
    indexById.set(entry.id, entry.index);
  }
  expect([...indexById.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(await verify(series.id)).toEqual({ valid: true, checked: 40, from: 1, nextFrom: null, firstBreak: null });
});

test("a series' entries page newest first, and the cursors are REST's both ways", async () => {
  const series = await putSeries();
  for (let i = 0; i < 25; i++) await nextCode(series.id);
  const seen: number[] = [];
  let after: string | null | undefined;
  let pages = 0;
  do {
    const reply = await apis.gql.run(SeriesEntriesDocument, { id: series.id, first: 10, after });
    expect(reply.body.errors).toBeUndefined();
    const { entries, lastIndex } = reply.body.data!.seriesById!;
    expect(lastIndex).toBe(25);
    seen.push(...entries.edges.map((edge) => edge.node.index));
    after = entries.pageInfo.hasNextPage ? entries.pageInfo.endCursor : undefined;
    pages += 1;
  } while (after);
  expect(pages).toBe(3);
  expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));

  // REST's cursor continues GraphQL's list, and an edge's cursor REST's.
  const firstPage = (await apis.gql.run(SeriesEntriesDocument, { id: series.id, first: 10 })).body.data!.seriesById!.entries;
  const rest = await apis.rest.get(`/sequence/v1/series/${series.id}/entries?limit=10&cursor=${firstPage.pageInfo.endCursor}`);
  expect(rest.body.list.map((e: { index: number }) => e.index)).toEqual(Array.from({ length: 10 }, (_, i) => 15 - i));
  const fromRest = await apis.gql.run(SeriesEntriesDocument, { id: series.id, first: 5, after: rest.body.cursor });
  expect(fromRest.body.data!.seriesById!.entries.edges.map((edge) => edge.node.index)).toEqual([5, 4, 3, 2, 1]);
  expect(fromRest.body.data!.seriesById!.entries.pageInfo.hasNextPage).toBe(false);

  const tooMany = await apis.gql.run(SeriesEntriesDocument, { id: series.id, first: 101 });
  expect(firstError(tooMany)).toMatchObject({
    path: ['seriesById', 'entries'],
    extensions: { code: 'BAD_USER_INPUT', fields: { limit: expect.any(String) } },
  });
  const badCursor = await apis.gql.run(SeriesEntriesDocument, { id: series.id, after: 'nonsense' });
  expect(firstError(badCursor).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { cursor: expect.any(String) } });
});

test('the workspace’s series page oldest first; an unknown cursor is BAD_USER_INPUT', async () => {
  const made = [];
  for (let i = 0; i < 5; i++) made.push((await putSeries({ name: `S${i}` })).id);
  const first = await apis.gql.run(ListSeriesDocument, { first: 3 });
  expect(first.body.data!.series.edges.map((edge) => edge.node.id)).toEqual(made.slice(0, 3));
  expect(first.body.data!.series.pageInfo).toEqual({ hasNextPage: true, endCursor: made[2] });
  const second = await apis.gql.run(ListSeriesDocument, { first: 3, after: made[2] });
  expect(second.body.data!.series.edges.map((edge) => edge.node.id)).toEqual(made.slice(3));
  expect(second.body.data!.series.pageInfo.hasNextPage).toBe(false);
  expect(firstError(await apis.gql.run(ListSeriesDocument, { after: randomUUID() })).extensions.code).toBe('BAD_USER_INPUT');
  // A page over the most a workspace holds: refused by the service, when its fields are few enough to be priced under the limit.
  const tooLong = await apis.gql.query('{ series(first: 1001) { edges { cursor } } }');
  expect(tooLong.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { first: expect.any(String) } });
});

test('verification checks the chain: a row changed in the database is the first break; `limit` stops it with where to go on', async () => {
  const series = await putSeries();
  const entries = [];
  for (let i = 0; i < 6; i++) entries.push(await nextCode(series.id));
  expect(await verify(series.id)).toEqual({ valid: true, checked: 6, from: 1, nextFrom: null, firstBreak: null });
  expect(await verify(series.id, undefined, 2)).toEqual({ valid: true, checked: 2, from: 1, nextFrom: 3, firstBreak: null });
  await t.server.dataSource.query('UPDATE sequence_entries SET code = ? WHERE id = ?', ['INV-99999', entries[3].id]);
  const broken = await verify(series.id);
  expect(broken).toMatchObject({
    valid: false,
    checked: 3,
    firstBreak: { index: 4, id: entries[3].id, reason: expect.stringContaining('code') },
  });
  // As REST's route says it.
  const rest = await apis.rest.get(`/sequence/v1/series/${series.id}/verify`);
  expect(rest.body).toMatchObject({ valid: false, checked: 3, first_break: broken.firstBreak });
  expect(await verify(series.id, 5)).toEqual({ valid: true, checked: 2, from: 5, nextFrom: null, firstBreak: null });
  const none = await apis.gql.run(VerifySeriesDocument, { id: series.id, limit: 0 });
  expect(firstError(none).extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { limit: expect.any(String) } });
  // Past the most one check may take, it is priced past the complexity limit, and refused before it runs.
  const tooMany = await apis.gql.run(VerifySeriesDocument, { id: series.id, limit: 100_001 });
  expect(firstError(tooMany).extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
});

test('checking chains is priced by the entries it may check: many verifications in one request are refused before any runs', async () => {
  const series = await putSeries();
  await nextCode(series.id);
  // One check of the default 10,000 entries fits; twelve aliases of it do not.
  const aliases = Array.from({ length: 12 }, (_, i) => `v${i}: verification { valid }`).join(' ');
  const refused = await apis.gql.query(`{ seriesById(id: "${series.id}") { ${aliases} } }`);
  expect(refused.status).toBe(400);
  expect(refused.body.errors[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
  expect(refused.body.errors[0].message).toContain('too complex');
  // Nor may a page of series each check its chain, or each list a full page of entries.
  const everyChain = await apis.gql.query('{ series(first: 50) { edges { node { verification { valid } } } } }');
  expect(everyChain.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  const everyPage = await apis.gql.query('{ series(first: 1000) { edges { node { entries(first: 100) { edges { node { code } } } } } } }');
  expect(everyPage.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  const one = await apis.gql.query(`{ seriesById(id: "${series.id}") { verification(limit: 50000) { valid checked } } }`);
  expect(one.body).toEqual({ data: { seriesById: { verification: { valid: true, checked: 1 } } } });
});

test("another workspace sees none of a workspace's series", async () => {
  const series = await putSeries();
  const stranger = await apisFor(t.url);
  const read = await stranger.gql.run(SeriesEntriesDocument, { id: series.id });
  expect(read.body.data!.seriesById).toBeNull();
  expect(firstError(read).extensions).toMatchObject({ code: 'NOT_FOUND', key: 'not-found' });
  expect((await stranger.gql.run(ListSeriesDocument, {})).body.data!.series.edges).toEqual([]);
  const taken = await stranger.gql.run(NextSequenceCodeDocument, { seriesId: series.id, id: randomUUID() });
  expect(firstError(taken).extensions.code).toBe('NOT_FOUND');
  const notUuid = await stranger.gql.run(SeriesEntriesDocument, { id: 'not-a-uuid' });
  expect(firstError(notUuid).extensions.code).toBe('NOT_FOUND');
});
