import { EntryRepository } from '../../src/storage/entry.repository';
import { isBackgroundQuery } from '../helpers/background-queries';
import { message, newWorkspace, startServer, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

/**
 * PAGE_DATA_BUDGET is 200 KB here and each entry's data about 60 KB: a page that reads data holds three of
 * them, whatever `first` asks, and its endCursor continues after the last one served.
 */
const BUDGET = 200 * 1024;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ PAGE_DATA_BUDGET: '200kb', GRAPHQL_BATCHING: 'true' });
});
afterAll(() => t.close());

const large = (n: number, size = 60_000) => ({ ...message(`Large ${n}`), content: `${n}:${'x'.repeat(size)}` });

/** A workspace with `count` large entries; their ids newest first, as the list serves them. */
async function workspaceWith(count: number, size?: number) {
  const apis = await apisFor(t.url, newWorkspace());
  for (let i = 0; i < count; i++) await t.server.entries.createEntry(apis.workspace, { data: large(i, size) });
  const listed = await apis.rest.get('/silo/v1/entries?limit=100');
  return { ...apis, ids: listed.body.list.map((entry: { id: string }) => entry.id) as string[] };
}

const PAGE = `query Page($first: Int, $after: String) {
  entries(first: $first, after: $after) { edges { cursor node { id data } } pageInfo { hasNextPage endCursor } }
}`;

/** Every id the list serves with its data, page after page; each page's data checked against its entry. */
async function readAll(gql: Awaited<ReturnType<typeof workspaceWith>>['gql'], first: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const reply = await gql.query(PAGE, { first, after });
    expect(reply.body.errors).toBeUndefined();
    const { edges, pageInfo } = reply.body.data.entries;
    for (const edge of edges) expect(edge.node.data.head.uuid).toBe(edge.node.id);
    ids.push(...edges.map((edge: { node: { id: string } }) => edge.node.id));
    sizes.push(edges.length);
    if (!pageInfo.hasNextPage) return { ids, sizes };
    after = pageInfo.endCursor;
  }
  throw new Error('the list did not end');
}

describe('a page that reads data stops at the request budget', () => {
  test('first: 10 serves what fits, says there is more, and the cursors go through every entry once, in order', async () => {
    const { gql, ids } = await workspaceWith(8);
    const first = await gql.query(PAGE, { first: 10 });
    expect(first.body.data.entries.edges).toHaveLength(3);
    expect(first.body.data.entries.pageInfo.hasNextPage).toBe(true);
    expect(first.body.data.entries.pageInfo.endCursor).toBe(first.body.data.entries.edges[2].cursor);
    const all = await readAll(gql, 10);
    expect(all.ids).toEqual(ids);
    expect(all.sizes).toEqual([3, 3, 2]);
  });

  test('a page without data is not shortened', async () => {
    const { gql, ids } = await workspaceWith(8);
    const reply = await gql.query('{ entries(first: 10) { edges { node { id snippet } } pageInfo { hasNextPage } } }');
    expect(reply.body.data.entries.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(ids);
    expect(reply.body.data.entries.pageInfo.hasNextPage).toBe(false);
  });

  test('data selected through a fragment counts; data left out by @skip does not', async () => {
    const { gql } = await workspaceWith(5);
    const viaFragment = await gql.query(
      '{ entries(first: 10) { ...Page } } fragment Page on EntryConnection { edges { node { ... on Entry { data } } } }',
    );
    expect(viaFragment.body.data.entries.edges).toHaveLength(3);
    const skipped = await gql.query('query ($s: Boolean!) { entries(first: 10) { edges { node { id data @skip(if: $s) } } } }', {
      s: true,
    });
    expect(skipped.body.data.entries.edges).toHaveLength(5);
  });

  test('aliased pages share one budget per request, and each continues where it stopped', async () => {
    const { gql, ids } = await workspaceWith(8);
    const loaded = jest.spyOn(EntryRepository.prototype, 'loadData');
    try {
      const reply = await gql.query(`{
        a: entries(first: 10) { edges { node { id data } } pageInfo { hasNextPage endCursor } }
        b: entries(first: 10) { edges { node { id data } } pageInfo { hasNextPage endCursor } }
      }`);
      expect(reply.body.errors).toBeUndefined();
      const { a, b } = reply.body.data;
      expect(a.edges.length + b.edges.length).toBe(3);
      expect([a.pageInfo.hasNextPage, b.pageInfo.hasNextPage]).toEqual([true, true]);
      // No more than the budget was read: three entries' data in all.
      expect(loaded.mock.calls.flatMap(([, loadedIds]) => loadedIds)).toHaveLength(3);
      // The page that got nothing continues from where it was asked: from the newest.
      const empty = a.edges.length === 0 ? a : b;
      const next = await gql.query(PAGE, { first: 10, after: empty.pageInfo.endCursor });
      expect(next.body.data.entries.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(ids.slice(0, 3));
    } finally {
      loaded.mockRestore();
    }
  });

  test('the operations of a batch share the budget of their request', async () => {
    const { gql } = await workspaceWith(8);
    const reply = await gql.post([
      { query: PAGE, variables: { first: 10 } },
      { query: PAGE, variables: { first: 10 } },
    ]);
    expect(reply.status).toBe(200);
    const pages = reply.body.map(
      (answer: { data: { entries: { edges: unknown[]; pageInfo: { hasNextPage: boolean } } } }) => answer.data.entries,
    );
    expect(pages[0].edges.length + pages[1].edges.length).toBe(3);
    expect(pages.every((page: { pageInfo: { hasNextPage: boolean } }) => page.pageInfo.hasNextPage)).toBe(true);
  });

  test('single entries read by id share the budget: those over it get an error, not their data', async () => {
    const { gql, ids } = await workspaceWith(5);
    const aliases = ids.map((id, i) => `e${i}: entry(id: "${id}") { id data }`).join(' ');
    const reply = await gql.query(`{ ${aliases} }`);
    const served = ids.filter((_, i) => reply.body.data[`e${i}`]?.data?.head?.uuid === ids[i]);
    expect(served).toHaveLength(3);
    expect(reply.body.errors).toHaveLength(2);
    for (const error of reply.body.errors) {
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'payload-too-large' });
      expect(error.message).toMatch(/another request/);
    }
  });

  test('the same entry under many aliases pays each time it is shown', async () => {
    const { gql, ids } = await workspaceWith(1);
    const aliases = Array.from({ length: 5 }, (_, i) => `e${i}: entry(id: "${ids[0]}") { data }`).join(' ');
    const reply = await gql.query(`{ ${aliases} }`);
    expect(Object.values(reply.body.data).filter((entry: any) => entry?.data?.head?.uuid === ids[0])).toHaveLength(3);
    expect(reply.body.errors.map((error: { extensions: { key: string } }) => error.extensions.key)).toEqual([
      'payload-too-large',
      'payload-too-large',
    ]);
  });

  test('forty aliases of one entry read its row once, and an unknown id under many aliases is NOT_FOUND at each', async () => {
    const { gql, ids } = await workspaceWith(1, 100);
    const logger = t.server.dataSource.logger;
    const original = logger.logQuery;
    const rowReads: string[] = [];
    logger.logQuery = function (query, parameters, queryRunner) {
      if (!isBackgroundQuery(query) && /FROM ["`]entries["`]/.test(query) && !/COUNT|LENGTH/i.test(query)) rowReads.push(query);
      return original.call(this, query, parameters, queryRunner);
    };
    let reply;
    try {
      reply = await gql.query(`{ ${Array.from({ length: 40 }, (_, i) => `e${i}: entry(id: "${ids[0]}") { id folder }`).join(' ')} }`);
    } finally {
      logger.logQuery = original;
    }
    expect(reply.body.errors).toBeUndefined();
    expect(new Set(Object.values(reply.body.data).map((entry: any) => entry.id))).toEqual(new Set([ids[0]]));
    expect(rowReads).toHaveLength(1);
    const missing = '0190e8a4-7b1c-7cc0-8f2a-6f4b2c1d9e01';
    const absent = await gql.query(
      `{ a: entry(id: "${missing}") { id } b: entry(id: "${missing.toUpperCase()}") { id } c: entry(id: "nope") { id } }`,
    );
    expect(absent.body.data).toEqual({ a: null, b: null, c: null });
    expect(
      absent.body.errors.map((error: { path: string[]; extensions: { key: string } }) => [error.path[0], error.extensions.key]),
    ).toEqual([
      ['a', 'not-found'],
      ['b', 'not-found'],
      ['c', 'input'],
    ]);
  });

  test('an entry larger than the whole budget is served alone, and the list goes on past it', async () => {
    const apis = await apisFor(t.url, newWorkspace());
    for (const [i, size] of [60_000, 250_000, 60_000].entries())
      await t.server.entries.createEntry(apis.workspace, { data: large(i, size) });
    const all = await readAll(apis.gql, 10);
    expect(all.sizes).toEqual([1, 1, 1]);
    expect(new Set(all.ids).size).toBe(3);
  });

  test('REST lists never carry data, so the budget does not shorten them', async () => {
    const { rest, ids } = await workspaceWith(8);
    const reply = await rest.get('/silo/v1/entries?limit=10');
    expect(reply.body.list.map((entry: { id: string }) => entry.id)).toEqual(ids);
    expect(reply.body.list[0]).not.toHaveProperty('data');
    expect(reply.body.next_cursor).toBeUndefined();
    expect(JSON.stringify(reply.body).length).toBeLessThan(BUDGET);
  });
});
