import { invoice } from '../helpers/documents';
import { party, startServer, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Apis = Awaited<ReturnType<typeof apisFor>>;

const ENTRIES = `query ($first: Int, $after: String, $ascending: Boolean) {
  entries(first: $first, after: $after, ascending: $ascending) {
    edges { cursor node { id } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;

const RELATED = `query ($id: ID!, $first: Int, $after: String, $ascending: Boolean, $context: String) {
  entry(id: $id) {
    id
    related(first: $first, after: $after, ascending: $ascending, context: $context) {
      edges { cursor context node { id context snippet } }
      pageInfo { hasNextPage hasPreviousPage endCursor }
    }
  }
}`;

async function create({ rest }: Apis, body: object) {
  const reply = await rest.post('/silo/v1/entries', body);
  expect(reply.status).toBe(200);
  return reply.body;
}

/** Every page of `entries` in the given order, as ids. */
async function walkEntries({ gql }: Apis, first: number, ascending?: boolean) {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const reply = await gql.query(ENTRIES, { first, after, ascending });
    expect(reply.body.errors).toBeUndefined();
    const page = reply.body.data.entries;
    expect(page.pageInfo.hasPreviousPage).toBe(false);
    ids.push(...page.edges.map((e: any) => e.node.id));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined;
  } while (after);
  return ids;
}

describe('entries(ascending)', () => {
  test('oldest first through pages, the reverse of newest first; REST and GraphQL cursors interchange', async () => {
    const apis = await apisFor(t.url);
    for (let i = 0; i < 9; i++) await create(apis, { data: party(`P${i}`) });
    const oldest = await walkEntries(apis, 4, true);
    const newest = await walkEntries(apis, 4);
    expect(oldest).toHaveLength(9);
    expect(oldest).toEqual([...newest].reverse());
    expect(await walkEntries(apis, 2, false)).toEqual(newest);
    // An edge cursor continues the ascending list through REST, with ascending=true.
    const first = (await apis.gql.query(ENTRIES, { first: 3, ascending: true })).body.data.entries;
    const rest = await apis.rest.get(`/silo/v1/entries?ascending=true&limit=3&cursor=${first.pageInfo.endCursor}`);
    expect(rest.body.list.map((e: any) => e.id)).toEqual(oldest.slice(3, 6));
  });

  test('a cursor of the other order is BAD_USER_INPUT', async () => {
    const apis = await apisFor(t.url);
    for (let i = 0; i < 3; i++) await create(apis, { data: party(`P${i}`) });
    const cursor = (await apis.gql.query(ENTRIES, { first: 1 })).body.data.entries.pageInfo.endCursor;
    const reply = await apis.gql.query(ENTRIES, { first: 1, after: cursor, ascending: true });
    expect(reply.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { cursor: expect.any(String) } });
  });
});

describe('entries(state)', () => {
  const BY_STATE = `query ($state: String, $first: Int, $after: String) {
    entries(state: $state, first: $first, after: $after) { edges { node { id state } } pageInfo { hasNextPage endCursor } }
  }`;

  test('only entries whose latest state it is, through pages; a key that is no state is BAD_USER_INPUT', async () => {
    const apis = await apisFor(t.url);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await create(apis, { data: party(`S${i}`) }));
    for (const i of [0, 2, 3])
      expect((await apis.rest.post(`/silo/v1/entries/${created[i].id}/states`, { key: 'paid' })).status).toBeLessThan(300);
    expect((await apis.rest.post(`/silo/v1/entries/${created[3].id}/states`, { key: 'void' })).status).toBeLessThan(300);
    const first = (await apis.gql.query(BY_STATE, { state: 'paid', first: 1 })).body.data.entries;
    const second = (await apis.gql.query(BY_STATE, { state: 'paid', first: 1, after: first.pageInfo.endCursor })).body.data.entries;
    expect([...first.edges, ...second.edges].map((e: any) => e.node)).toEqual([
      { id: created[2].id, state: 'paid' },
      { id: created[0].id, state: 'paid' },
    ]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const wrong = await apis.gql.query(BY_STATE, { state: 'PAID' });
    expect(wrong.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { state: expect.any(String) } });
  });
});

describe('Entry.related', () => {
  test('the same entries and contexts as REST, the context on the edge and on the node, paged', async () => {
    const apis = await apisFor(t.url);
    const inv = await create(apis, { data: invoice({ code: 'G-1' }) });
    const credit = await create(apis, { previous_id: inv.id, correct: { credit: true, reason: 'damaged' } });
    const copy = await create(apis, { previous_id: inv.id });
    await create(apis, { data: party('Unrelated') });

    const reply = await apis.gql.query(RELATED, { id: inv.id });
    expect(reply.body.errors).toBeUndefined();
    const edges = reply.body.data.entry.related.edges;
    expect(edges.map((e: any) => [e.node.id, e.context, e.node.context])).toEqual([
      [copy.id, 'previous', 'previous'],
      [credit.id, 'preceding', 'preceding'],
    ]);
    const rest = await apis.rest.get(`/silo/v1/entries/${inv.id}/related`);
    expect(rest.body.list.map((e: any) => [e.id, e.context])).toEqual(edges.map((e: any) => [e.node.id, e.context]));

    // Paged one by one, oldest first; the endCursor is the REST next_cursor of the same list.
    const page1 = (await apis.gql.query(RELATED, { id: inv.id, first: 1, ascending: true })).body.data.entry.related;
    expect(page1.edges.map((e: any) => e.node.id)).toEqual([credit.id]);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const page2 = (await apis.gql.query(RELATED, { id: inv.id, first: 1, ascending: true, after: page1.pageInfo.endCursor })).body.data
      .entry.related;
    expect(page2.edges.map((e: any) => e.node.id)).toEqual([copy.id]);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    const restPage = await apis.rest.get(`/silo/v1/entries/${inv.id}/related?ascending=true&limit=1&cursor=${page1.pageInfo.endCursor}`);
    expect(restPage.body.list.map((e: any) => e.id)).toEqual([copy.id]);

    // From the credit note: the invoice it names. A context filter, and a bad one.
    const back = (await apis.gql.query(RELATED, { id: credit.id })).body.data.entry.related.edges;
    expect(back.map((e: any) => [e.node.id, e.context])).toEqual([[inv.id, 'uuid']]);
    const filtered = (await apis.gql.query(RELATED, { id: inv.id, context: 'previous' })).body.data.entry.related.edges;
    expect(filtered.map((e: any) => e.node.id)).toEqual([copy.id, credit.id]);
    const bad = await apis.gql.query(RELATED, { id: inv.id, context: 'Not Valid' });
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { context: expect.any(String) } });
    // A node outside a related list has no context.
    const plain = await apis.gql.query(`query ($id: ID!) { entry(id: $id) { context } }`, { id: inv.id });
    expect(plain.body.data.entry.context).toBeNull();
  });
});
