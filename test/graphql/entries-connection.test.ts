import { message, party, startServer, type TestServer } from '../helpers/server';
import { CreateEntryDocument, ListEntriesDocument, type ListEntriesQuery } from './generated/graphql';
import { apisFor, firstError, restShape } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Apis = Awaited<ReturnType<typeof apisFor>>;

/** Creates entries one after another through createEntry; returns their ids as created. */
async function seed({ gql }: Apis, count: number, make: (i: number) => object = (i) => party(`Party ${i}`)) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const reply = await gql.run(CreateEntryDocument, { input: { data: make(i) } });
    expect(reply.body.errors).toBeUndefined();
    ids.push(reply.body.data!.createEntry.entry.id);
  }
  return ids;
}

/** Every page through GraphQL (first/after) and through REST (limit/cursor), side by side. */
async function walkBoth({ gql, rest }: Apis, first: number, filters: { folder?: string } = {}) {
  const graphqlPages: ListEntriesQuery['entries'][] = [];
  const restPages: any[] = [];
  let after: string | null | undefined;
  do {
    const reply = await gql.run(ListEntriesDocument, { first, after, ...filters });
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    const page = reply.body.data!.entries;
    graphqlPages.push(page);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined;
  } while (after);
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(first), ...filters, ...(cursor ? { cursor } : {}) });
    const reply = await rest.get(`/silo/v1/entries?${query}`);
    expect(reply.status).toBe(200);
    restPages.push(reply.body);
    cursor = reply.body.next_cursor;
  } while (cursor);
  return { graphqlPages, restPages };
}

describe('Query.entries (Relay connection over the REST list)', () => {
  test('250 entries, first 7 then after endCursor: exactly REST order, fields and cursors', async () => {
    const apis = await apisFor(t.url);
    const created = await seed(apis, 250);
    const { graphqlPages, restPages } = await walkBoth(apis, 7);

    expect(graphqlPages).toHaveLength(Math.ceil(250 / 7));
    expect(graphqlPages).toHaveLength(restPages.length);
    const graphqlEntries = graphqlPages.flatMap((p) => p.edges.map((e) => e.node));
    const restEntries = restPages.flatMap((p) => p.list);
    expect(graphqlEntries.map((e) => e.id)).toEqual(restEntries.map((e: any) => e.id));
    expect(new Set(graphqlEntries.map((e) => e.id)).size).toBe(250);
    expect(graphqlEntries[0].id).toBe(created[249]); // newest first
    expect(graphqlEntries.map(restShape)).toEqual(restEntries); // every field, as REST gives it

    graphqlPages.forEach((page, i) => {
      const last = i === graphqlPages.length - 1;
      expect(page.edges).toHaveLength(last ? 250 % 7 : 7);
      expect(page.pageInfo).toEqual({
        hasNextPage: !last,
        hasPreviousPage: false,
        startCursor: page.edges[0].cursor,
        endCursor: page.edges[page.edges.length - 1].cursor,
      });
      // The cursors are REST's: the end cursor of a page is its next_cursor.
      if (!last) expect(page.pageInfo.endCursor).toBe(restPages[i].next_cursor);
      else expect(restPages[i].next_cursor).toBeUndefined();
    });
  });

  test('any edge cursor continues the list after its entry, in either API', async () => {
    const apis = await apisFor(t.url);
    await seed(apis, 6);
    const all = (await apis.gql.run(ListEntriesDocument, {})).body.data!.entries.edges;
    const third = all[2].cursor;
    const rest = await apis.gql.run(ListEntriesDocument, { after: third });
    expect(rest.body.data!.entries.edges.map((e) => e.node.id)).toEqual(all.slice(3).map((e) => e.node.id));
    const viaRest = await apis.rest.get(`/silo/v1/entries?cursor=${third}`);
    expect(viaRest.body.list.map((e: any) => e.id)).toEqual(all.slice(3).map((e) => e.node.id));
  });

  test('first follows the rules of limit: default 20, above 100 served as 100, below 1 is BAD_USER_INPUT', async () => {
    const apis = await apisFor(t.url);
    await seed(apis, 105);
    const byDefault = await apis.gql.run(ListEntriesDocument, {});
    expect(byDefault.body.data!.entries.edges).toHaveLength(20);
    expect(byDefault.body.data!.entries.pageInfo.hasNextPage).toBe(true);
    const clamped = await apis.gql.run(ListEntriesDocument, { first: 1000 });
    expect(clamped.body.data!.entries.edges).toHaveLength(100);
    for (const first of [0, -1]) {
      const reply = await apis.gql.run(ListEntriesDocument, { first });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toBeNull();
      expect(firstError(reply)).toMatchObject({
        path: ['entries'],
        extensions: { code: 'BAD_USER_INPUT', key: 'input', fields: { limit: expect.any(String) } },
      });
    }
  });

  test('an empty workspace is an empty connection', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(ListEntriesDocument, {});
    expect(reply.body).toEqual({
      data: { entries: { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } } },
    });
  });

  test('folder and createdAt filter as in REST, and the cursor keeps the filters', async () => {
    const apis = await apisFor(t.url);
    await seed(apis, 12, (i) => (i % 3 === 0 ? message(`Message ${i}`) : party(`Party ${i}`)));
    const { graphqlPages, restPages } = await walkBoth(apis, 2, { folder: 'messages' });
    const titles = graphqlPages.flatMap((p) => p.edges.map((e) => e.node.snippet.title));
    expect(titles).toEqual(['Message 9', 'Message 6', 'Message 3', 'Message 0']);
    expect(restPages.flatMap((p) => p.list.map((e: any) => e.snippet.title))).toEqual(titles);

    const all = (await apis.gql.run(ListEntriesDocument, {})).body.data!.entries.edges.map((e) => e.node);
    const pivot = all[5].createdAt;
    const before = await apis.gql.run(ListEntriesDocument, { createdAt: pivot });
    const expected = all.filter((e) => e.createdAt <= pivot).map((e) => e.id);
    expect(before.body.data!.entries.edges.map((e) => e.node.id)).toEqual(expected);

    const cursor = graphqlPages[0].pageInfo.endCursor;
    const otherFilters = await apis.gql.run(ListEntriesDocument, { after: cursor, folder: 'parties' });
    expect(firstError(otherFilters).extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      key: 'input',
      fields: { cursor: expect.any(String) },
    });
  });

  test('a cursor that does not decode is BAD_USER_INPUT; a bad createdAt is refused before execution', async () => {
    const { gql } = await apisFor(t.url);
    const bad = await gql.run(ListEntriesDocument, { after: 'garbage!' });
    expect(firstError(bad).extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input', fields: { cursor: 'is not valid' } });
    const badDate = await gql.run(ListEntriesDocument, { createdAt: 'yesterday' });
    expect(badDate.status).toBe(400);
    expect(firstError(badDate).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
  });
});
