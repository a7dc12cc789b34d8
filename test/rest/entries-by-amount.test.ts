import { invoice } from '../helpers/documents';
import { party, startServer, type TestServer } from '../helpers/server';
import { apisFor, firstError } from '../graphql/graphql-client';

/**
 * The list by amount (REST `order_by=amount`, GraphQL `orderBy: AMOUNT`): ordered and paged by the service at any
 * size, by the payable total then id, entries without an amount last, with the folder and state filters.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Apis = Awaited<ReturnType<typeof apisFor>>;

const ENTRIES = `query ($first: Int, $after: String, $ascending: Boolean, $folder: String, $orderBy: EntryOrder, $createdAt: DateTime) {
  entries(first: $first, after: $after, ascending: $ascending, folder: $folder, orderBy: $orderBy, createdAt: $createdAt) {
    edges { cursor node { id } }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Made {
  id: string;
  /** The payable total in cents, or null without one. */
  cents: number | null;
  folder: string;
}

/** An invoice of one line at `price` (21 % VAT), or a party when `price` is null. */
async function make({ rest }: Apis, price: string | null, folder?: string): Promise<Made> {
  const data =
    price === null
      ? party(`P ${Math.random()}`)
      : invoice({ lines: [{ quantity: '1', item: { name: 'Work', price }, taxes: [{ cat: 'VAT', rate: 'general' }] }] });
  const reply = await rest.post('/silo/v1/entries', { data, folder });
  expect(reply.status).toBe(200);
  const payable = reply.body.snippet.payable as string | undefined;
  return { id: reply.body.id, cents: payable === undefined ? null : Math.round(Number(payable) * 100), folder: reply.body.folder };
}

/** The order the list must have: by amount (highest first, or lowest), ties by id the same way, without amount last by id. */
function expected(made: Made[], ascending: boolean): string[] {
  const sign = ascending ? 1 : -1;
  const byId = (a: Made, b: Made) => sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const withAmount = made.filter((m) => m.cents !== null).sort((a, b) => (a.cents === b.cents ? byId(a, b) : sign * (a.cents! - b.cents!)));
  return [...withAmount, ...made.filter((m) => m.cents === null).sort(byId)].map((m) => m.id);
}

/** Every page of the REST list with `query`, `limit` at a time, as ids. */
async function walkRest({ rest }: Apis, query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const reply = await rest.get(`/silo/v1/entries?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(reply.status).toBe(200);
    ids.push(...reply.body.list.map((e: { id: string }) => e.id));
    cursor = reply.body.next_cursor;
  } while (cursor);
  return ids;
}

async function walkGraphql({ gql }: Apis, variables: Record<string, unknown>, first: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const reply = await gql.query(ENTRIES, { ...variables, first, after });
    expect(reply.body.errors).toBeUndefined();
    const page = reply.body.data.entries;
    ids.push(...page.edges.map((e: any) => e.node.id));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : undefined;
  } while (after);
  return ids;
}

describe('the list by amount', () => {
  let apis: Apis;
  const made: Made[] = [];
  beforeAll(async () => {
    apis = await apisFor(t.url);
    // Ties (100.00 three times, one in another folder), a zero, a credit-sized small one, parties without an amount.
    for (const [price, folder] of [
      ['100.00', undefined],
      ['5.50', 'issued'],
      [null, undefined],
      ['100.00', 'issued'],
      ['2500.00', undefined],
      ['0.00', undefined],
      [null, undefined],
      ['100.00', undefined],
      ['999.99', 'issued'],
      [null, 'issued'],
    ] as [string | null, string | undefined][]) {
      made.push(await make(apis, price, folder));
    }
    // The service's own amounts, not the test's arithmetic, decide ties: 100.00 three times is one amount.
    expect(new Set(made.filter((m) => m.cents === 12100).map((m) => m.id)).size).toBe(3);
  });

  test('REST: highest first by pages, ties by id, entries without an amount last; lowest first the same way', async () => {
    const highest = await walkRest(apis, 'order_by=amount', 3);
    expect(highest).toEqual(expected(made, false));
    expect(await walkRest(apis, 'order_by=amount&ascending=true', 4)).toEqual(expected(made, true));
    // Page sizes do not change the order: one page holds what the small pages walked.
    expect(await walkRest(apis, 'order_by=amount', 100)).toEqual(highest);
  });

  test('REST: with a folder filter, and with a state filter', async () => {
    const issued = made.filter((m) => m.folder === 'issued');
    expect(await walkRest(apis, 'order_by=amount&folder=issued', 2)).toEqual(expected(issued, false));
    const paid = [made[0], made[4], made[6]];
    for (const entry of paid) expect((await apis.rest.post(`/silo/v1/entries/${entry.id}/states`, { key: 'paid' })).status).toBe(200);
    expect(await walkRest(apis, 'order_by=amount&state=paid&ascending=true', 1)).toEqual(expected(paid, true));
  });

  test('GraphQL: orderBy AMOUNT pages as REST does, and cursors interchange', async () => {
    expect(await walkGraphql(apis, { orderBy: 'AMOUNT' }, 3)).toEqual(expected(made, false));
    expect(await walkGraphql(apis, { orderBy: 'AMOUNT', ascending: true, folder: 'issued' }, 1)).toEqual(
      expected(
        made.filter((m) => m.folder === 'issued'),
        true,
      ),
    );
    const first = (await apis.gql.query(ENTRIES, { first: 4, orderBy: 'AMOUNT' })).body.data.entries;
    const rest = await apis.rest.get(`/silo/v1/entries?order_by=amount&limit=4&cursor=${first.pageInfo.endCursor}`);
    expect(rest.body.list.map((e: { id: string }) => e.id)).toEqual(expected(made, false).slice(4, 8));
    // CREATED_AT is the list as it always was.
    expect(await walkGraphql(apis, { orderBy: 'CREATED_AT' }, 5)).toEqual(await walkGraphql(apis, {}, 5));
  });

  test('a cursor continues only the order it was made in; a time bound and an unknown order are refused, storing nothing', async () => {
    const byAmount = (await apis.rest.get('/silo/v1/entries?order_by=amount&limit=2')).body.next_cursor;
    const byTime = (await apis.rest.get('/silo/v1/entries?limit=2')).body.next_cursor;
    const mixed = await apis.rest.get(`/silo/v1/entries?limit=2&cursor=${byAmount}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.fields).toEqual({ cursor: 'was made for the order by amount' });
    expect((await apis.rest.get(`/silo/v1/entries?order_by=amount&limit=2&cursor=${byTime}`)).status).toBe(400);

    const bounded = await apis.rest.get('/silo/v1/entries?order_by=amount&created_at=2026-01-01T00:00:00Z');
    expect(bounded.status).toBe(400);
    expect(bounded.body.fields).toEqual({ created_at: 'cannot be combined with the order by amount' });
    const unknown = await apis.rest.get('/silo/v1/entries?order_by=total');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toMatchObject({ order_by: expect.any(String) });

    const refused = firstError(await apis.gql.query(ENTRIES, { first: 2, orderBy: 'AMOUNT', createdAt: '2026-01-01T00:00:00Z' }));
    expect(refused.extensions.code).toBe('BAD_USER_INPUT');
    expect(refused.extensions.fields).toEqual({ created_at: 'cannot be combined with the order by amount' });
    expect(firstError(await apis.gql.query(ENTRIES, { first: 2, orderBy: 'AMOUNT', after: byTime })).extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });

  test('an update that changes the total moves the entry in the list', async () => {
    const small = made.find((m) => m.cents === 0)!;
    const reply = await apis.rest.send('PATCH', `/silo/v1/entries/${small.id}`, {
      data: invoice({ lines: [{ quantity: '1', item: { name: 'Work', price: '5000.00' }, taxes: [{ cat: 'VAT', rate: 'general' }] }] }),
    });
    expect(reply.status).toBe(200);
    const first = await apis.rest.get('/silo/v1/entries?order_by=amount&limit=1');
    expect(first.body.list[0].id).toBe(small.id);
  });
});
