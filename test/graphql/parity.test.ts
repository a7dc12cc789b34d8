import { randomUUID } from 'node:crypto';
import { message, party, startServer, type TestServer } from '../helpers/server';
import {
  CreateEntryDocument,
  GetEntryByKeyDocument,
  GetEntryDocument,
  ListEntriesDocument,
  type CreateEntryInput,
} from './generated/graphql';
import { apisFor, restShape, type GraphQLErrorJson } from './graphql-client';
import { invoice, invoiceWithoutSupplier } from '../helpers/documents';
import { GRAPHQL_ERRORS } from '../../src/graphql/plumbing/format-error';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** The GraphQL input for a REST create body: the same fields in camelCase. */
const inputOf = (body: Record<string, unknown>): CreateEntryInput => ({
  data: body.data,
  key: body.key as string | undefined,
  folder: body.folder as string | undefined,
  contentType: body.content_type as string | undefined,
  previousId: body.previous_id as string | undefined,
  correct: body.correct as Record<string, unknown> | undefined,
  allowInvalid: body.allow_invalid as boolean | undefined,
  sign: body.sign as boolean | undefined,
});

/** A REST error body next to the same error from GraphQL: same key, message, fields and faults; the code from the one map. */
function expectSameError(restReply: { status: number; body: any }, error: GraphQLErrorJson | undefined) {
  expect(restReply.status).toBeGreaterThanOrEqual(400);
  expect(error).toBeDefined();
  const { code, ...details } = error!.extensions;
  // REST's `code` repeats its `key` for the hosted API's clients; GraphQL's `code` is GraphQL's own, from the one map.
  const { code: restCode, ...restBody } = restReply.body;
  expect(restCode).toBe(restBody.key);
  expect({ message: error!.message, ...details }).toEqual(restBody);
  expect(code).toBe(GRAPHQL_ERRORS[restBody.key as keyof typeof GRAPHQL_ERRORS].code);
}

/**
 * An entry with what the clock and the id generator chose taken out: times, new UUIDv7s (of the entry
 * and of the document, wherever they appear) and the digest that depends on them. Everything else must match.
 */
function comparable(entry: any) {
  // The version is made from the stored envelope, whose uuid and times differ between two creates.
  const { created_at: _c, updated_at: _u, digest: _d, version: _v, ...rest } = entry;
  rest.versions = rest.versions?.map(({ version: _version, at: _at, ...version }: any) => version);
  const json = JSON.parse(JSON.stringify(rest).replace(/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<new uuid>'));
  delete json.data.head.dig;
  return json;
}

describe('REST and GraphQL answer alike', () => {
  const envelopeId = randomUUID();
  const createBodies: [string, Record<string, unknown>][] = [
    ['a party with a key', { data: party('Parity Party'), key: 'parity-1' }],
    [
      'an envelope with tags',
      { data: { $schema: 'https://gobl.org/draft-0/envelope', head: { uuid: envelopeId, tags: ['urgent'] }, doc: message('Hello') } },
    ],
    ['an invoice in a named folder', { data: invoice({ code: '0042' }), folder: 'sales_2026' }],
    ['an invalid invoice, allowed', { data: invoiceWithoutSupplier(), allow_invalid: true, key: 'parity-invalid' }],
  ];

  test.each(createBodies)('create: %s', async (_name, body) => {
    // Two workspaces, so the same envelope id can be stored by both APIs.
    const viaRest = await apisFor(t.url);
    const viaGraphql = await apisFor(t.url);
    const restReply = await viaRest.rest.post('/silo/v1/entries', body);
    expect(restReply.status).toBe(200);
    const gqlReply = await viaGraphql.gql.run(CreateEntryDocument, { input: inputOf(body) });
    expect(gqlReply.body.errors).toBeUndefined();
    const entry = restShape(gqlReply.body.data!.createEntry.entry);
    expect(comparable(entry)).toEqual(comparable(restReply.body));
  });

  test('list, fetch by id and fetch by key return the same entries and fields', async () => {
    const { rest, gql } = await apisFor(t.url);
    for (const [, body] of createBodies) expect((await rest.post('/silo/v1/entries', body)).status).toBe(200);
    const restList = await rest.get('/silo/v1/entries?limit=3');
    const gqlList = await gql.run(ListEntriesDocument, { first: 3 });
    expect(gqlList.body.data!.entries.edges.map((e) => restShape(e.node))).toEqual(restList.body.list);
    expect(gqlList.body.data!.entries.pageInfo.endCursor).toBe(restList.body.next_cursor);
    const restNext = await rest.get(`/silo/v1/entries?limit=3&cursor=${restList.body.next_cursor}`);
    const gqlNext = await gql.run(ListEntriesDocument, { first: 3, after: restList.body.next_cursor });
    expect(gqlNext.body.data!.entries.edges.map((e) => restShape(e.node))).toEqual(restNext.body.list);
    const restFolder = await rest.get('/silo/v1/entries?folder=sales_2026');
    const gqlFolder = await gql.run(ListEntriesDocument, { folder: 'sales_2026' });
    expect(gqlFolder.body.data!.entries.edges.map((e) => restShape(e.node))).toEqual(restFolder.body.list);

    for (const item of restList.body.list) {
      const restOne = await rest.get(`/silo/v1/entries/${item.id}`);
      expect(restShape((await gql.run(GetEntryDocument, { id: item.id })).body.data!.entry)).toEqual(restOne.body);
    }
    const restByKey = await rest.get('/silo/v1/entries/key/parity-1');
    expect(restShape((await gql.run(GetEntryByKeyDocument, { key: 'parity-1' })).body.data!.entryByKey)).toEqual(restByKey.body);
  });

  test.each<[string, Record<string, unknown>]>([
    ['a key with a control character', { data: party('A'), key: 'a\nb' }],
    ['a bad folder', { data: party('A'), folder: 'Bad Folder' }],
    ['an unknown content type', { data: party('A'), content_type: 'text/plain' }],
    ['data that is text', { data: 'text' }],
    ['no data', { key: 'no-data' }],
    ['a patch without previous_id', { data: [], content_type: 'application/json-patch+json' }],
    ['an unknown schema', { data: { $schema: 'https://gobl.org/draft-0/bill/unknown' } }],
    ['no schema at all', { data: { name: 'no schema' } }],
    ['an invalid invoice', { data: invoiceWithoutSupplier() }],
    ['an unknown previous_id', { previous_id: '01a1fcbd-04c0-72ff-a05d-e50025768049' }],
  ])('create error: %s', async (_name, body) => {
    const { rest, gql } = await apisFor(t.url);
    const restReply = await rest.post('/silo/v1/entries', body);
    const gqlReply = await gql.run(CreateEntryDocument, { input: inputOf(body) });
    expect(gqlReply.body.data).toBeNull();
    expectSameError(restReply, gqlReply.body.errors?.[0]);
  });

  test('create error: a key already used', async () => {
    const { rest, gql } = await apisFor(t.url);
    await rest.post('/silo/v1/entries', { data: party('First'), key: 'taken' });
    const restReply = await rest.post('/silo/v1/entries', { data: party('Again'), key: 'taken' });
    const gqlReply = await gql.run(CreateEntryDocument, { input: { data: party('Again'), key: 'taken' } });
    expect(restReply.status).toBe(409);
    expectSameError(restReply, gqlReply.body.errors?.[0]);
  });

  test('list and fetch errors', async () => {
    const { rest, gql } = await apisFor(t.url);
    await rest.post('/silo/v1/entries', { data: party('Only') });
    const cursor =
      (await rest.get('/silo/v1/entries?limit=1')).body.list[0] &&
      (await gql.run(ListEntriesDocument, { first: 1 })).body.data!.entries.edges[0].cursor;
    const pairs: [Promise<any>, Promise<any>][] = [
      [rest.get('/silo/v1/entries?limit=0'), gql.run(ListEntriesDocument, { first: 0 })],
      [rest.get('/silo/v1/entries?limit=-5'), gql.run(ListEntriesDocument, { first: -5 })],
      [rest.get('/silo/v1/entries?cursor=garbage!'), gql.run(ListEntriesDocument, { after: 'garbage!' })],
      [
        rest.get(`/silo/v1/entries?cursor=${cursor}&folder=parties`),
        gql.run(ListEntriesDocument, { after: cursor as string, folder: 'parties' }),
      ],
      [rest.get('/silo/v1/entries?folder=Not%20Valid'), gql.run(ListEntriesDocument, { folder: 'Not Valid' })],
      [rest.get(`/silo/v1/entries/${randomUUID()}`), gql.run(GetEntryDocument, { id: randomUUID() })],
      [rest.get('/silo/v1/entries/key/missing'), gql.run(GetEntryByKeyDocument, { key: 'missing' })],
      [rest.get(`/silo/v1/entries/key/${'x'.repeat(300)}`), gql.run(GetEntryByKeyDocument, { key: 'x'.repeat(300) })],
    ];
    for (const [restRequest, gqlRequest] of pairs) {
      const [restReply, gqlReply] = await Promise.all([restRequest, gqlRequest]);
      expectSameError(restReply, gqlReply.body.errors?.[0]);
    }
  });
});
