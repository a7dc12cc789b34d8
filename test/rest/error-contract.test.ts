import { randomUUID } from 'node:crypto';
import type { DocumentWorkers } from '../../src/workers/document-workers';
import { ERROR_KEYS } from '../../src/domain/shared/errors';
import { freshMysqlDatabase } from '../helpers/database-check';
import { invoice, invoiceOfLines, invoiceWithoutSupplier } from '../helpers/documents';
import { CONTRACT_KEYS, ERROR_CONTRACT } from '../helpers/error-contract';
import {
  MARIADB_URL,
  client,
  newWorkspace,
  party,
  startServer,
  testDatabase,
  tokenFor,
  type Reply,
  type TestServer,
} from '../helpers/server';
import { apisFor, graphqlClient, type RawReply } from '../graphql/graphql-client';

/**
 * Every error key of the contract, provoked through real requests to a real server, REST and GraphQL alike,
 * and its answer checked against the guides' contract (test/helpers/error-contract.ts): REST's status and
 * body (`key`, and `code` the same), GraphQL's status and `extensions.code` and `key`. Faults no request can
 * cause are caused beneath the server: a table dropped from its database (`internal`), an engine queue kept
 * full by a heavy document (`unavailable`), a time limit a heavy document overruns (`too-complex`).
 */
let t: TestServer;
let slow: TestServer;
let queued: TestServer;
let broken: TestServer;
let dropBrokenDatabase: (() => Promise<void>) | undefined;
let api: ReturnType<typeof client>;
let gql: ReturnType<typeof graphqlClient>;
/** An entry of `t`'s workspace, with a stored file, and one that is signed. */
let entryId: string;
let fileUrl: string;
let signedId: string;
/** An entry of `broken`'s database, read after the table of meta rows is gone, and its workspace's clients. */
let brokenEntryId: string;
let brokenApis: Awaited<ReturnType<typeof apisFor>>;

beforeAll(async () => {
  t = await startServer({ BODY_LIMIT: '64kb' });
  ({ rest: api, gql } = await apisFor(t.url));
  const entry = await api.post('/silo/v1/entries', { data: party('Holder') });
  entryId = entry.body.id;
  const file = await api.post(`/silo/v1/entries/${entryId}/files`, {
    name: 'note.txt',
    mime: 'text/plain',
    data: Buffer.from('twelve bytes').toString('base64'),
  });
  fileUrl = file.body.url;
  signedId = (await api.post('/silo/v1/entries', { data: party('Signed'), sign: true })).body.id;

  // One request a second for each workspace, and no wait: the second at once is refused (`too-many-requests`).
  slow = await startServer({
    ENGINE_TIME_LIMIT_MS: '50',
    ENGINE_THREADS: '1',
    WORKSPACE_REQUEST_RATE: '1',
    WORKSPACE_REQUEST_BURST: '1',
    WORKSPACE_REQUEST_WAIT_MS: '0',
  });
  queued = await startServer({
    ENGINE_THREADS: '1',
    ENGINE_QUEUE_LIMIT: '1',
    ENGINE_QUEUE_WORKSPACE_LIMIT: '1',
    ENGINE_TIME_LIMIT_MS: '60000',
  });

  // A database of its own, since a table of it is dropped.
  let database: Record<string, string> = {};
  if (testDatabase() === 'mariadb') {
    const fresh = await freshMysqlDatabase(MARIADB_URL, `contract_${randomUUID().slice(0, 8)}`);
    dropBrokenDatabase = fresh.drop;
    database = { DATABASE_URL: fresh.url };
  }
  broken = await startServer(database);
  brokenApis = await apisFor(broken.url);
  brokenEntryId = (await brokenApis.rest.post('/silo/v1/entries', { data: party('Before the fault') })).body.id;
  await broken.server.dataSource.query('DROP TABLE entry_meta');
});

afterAll(async () => {
  await Promise.all([t, slow, queued, broken].map((server) => server?.close()));
  await dropBrokenDatabase?.();
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sends a request while `queued`'s one engine thread runs a heavy document and its one queue place is taken. */
async function whileEngineQueueFull<T>(send: () => Promise<T>): Promise<T> {
  const engine = (queued.server.entries as unknown as { engine: DocumentWorkers }).engine;
  const busy = client(queued.url, await tokenFor(newWorkspace()));
  const heavy = busy.post('/silo/v1/entries', { data: invoiceOfLines(6000) });
  await until(() => engine.inHand === 1 && engine.waiting === 0, 'the heavy document runs');
  const waiting = busy.post('/silo/v1/entries', { data: party('Waiting') });
  await until(() => engine.waiting === 1, 'a document waits');
  try {
    return await send();
  } finally {
    expect([(await heavy).status, (await waiting).status]).toEqual([200, 200]);
  }
}

const createEntry = 'mutation($input: CreateEntryInput!) { createEntry(input: $input) { entry { id } } }';
const updateEntry = 'mutation($input: UpdateEntryInput!) { updateEntry(input: $input) { entry { id } } }';
const gqlOf = async (server: TestServer) => graphqlClient(server.url, await tokenFor(newWorkspace()));
const restOf = async (server: TestServer) => client(server.url, await tokenFor(newWorkspace()));

/**
 * A workspace whose feed has lost, to retention, the events after a cursor it gave: the cursor, and a client of
 * that workspace. Retention is stood in for by marking the feed pruned beyond the cursor, beneath the server.
 */
async function staleEventCursor(): Promise<{ cursor: string; token: string }> {
  const workspace = newWorkspace();
  const token = await tokenFor(workspace);
  const rest = client(t.url, token);
  expect((await rest.post('/silo/v1/entries', { data: party('Evented') })).status).toBe(200);
  const { cursor } = (await rest.get('/silo/v1/events')).body.list[0];
  await t.server.dataSource.query('UPDATE event_feeds SET pruned_through = last_seq + 1 WHERE workspace_id = ?', [workspace]);
  return { cursor, token };
}

/** A request that meets each key over REST: every key of the contract has one. */
const REST: Record<string, () => Promise<Reply>> = {
  input: () => api.get('/silo/v1/entries?limit=0'),
  unauthorized: () => client(t.url).get('/silo/v1/entries'),
  forbidden: async () => {
    const link = new URL(fileUrl);
    link.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    return client('').get(link.toString());
  },
  'not-found': () => api.get(`/silo/v1/entries/${randomUUID()}`),
  'method-not-allowed': () => api.send('DELETE', '/silo/v1/entries'),
  conflict: async () => {
    const key = randomUUID();
    expect((await api.post('/silo/v1/entries', { key, data: party('Once') })).status).toBe(200);
    return api.post('/silo/v1/entries', { key, data: party('Twice') });
  },
  'entry-signed': () => api.send('PATCH', `/silo/v1/entries/${signedId}`, { data: party('Changed') }),
  gone: async () => {
    const { cursor, token } = await staleEventCursor();
    return client(t.url, token).get(`/silo/v1/events?cursor=${cursor}`);
  },
  'payload-too-large': () => api.post('/silo/v1/entries', { data: party('x'.repeat(100 * 1024)) }),
  'unsupported-media-type': () => api.post('/silo/v1/entries', '{}', { 'content-type': 'text/plain' }),
  'range-not-satisfiable': () => client('').get(fileUrl, { range: 'bytes=100-' }),
  'unknown-schema': () => api.post('/silo/v1/entries', { data: { $schema: 'https://gobl.org/draft-0/nothing' } }),
  calculation: () => api.post('/silo/v1/entries', { data: invoice({ $tags: ['nonsense'] }) }),
  marshal: () => api.post('/silo/v1/entries', { data: invoice({ complements: [{ foo: 1 }] }) }),
  validation: () => api.post('/silo/v1/entries', { data: invoiceWithoutSupplier() }),
  patch: () =>
    api.send('PATCH', `/silo/v1/entries/${entryId}`, {
      content_type: 'application/json-patch+json',
      data: [{ op: 'remove', path: '/doc/nothing' }],
    }),
  'unknown-state': () => api.post(`/silo/v1/entries/${entryId}/states`, { key: 'no-such-state' }),
  'too-complex': async () => (await restOf(slow)).post('/silo/v1/entries', { data: invoiceOfLines(8000) }),
  'too-many-requests': async () => {
    await (await restOf(slow)).get('/silo/v1/entries'); // another workspace served: the rate holds
    const busy = await restOf(slow);
    expect((await busy.get('/silo/v1/entries')).status).toBe(200);
    return busy.get('/silo/v1/entries');
  },
  internal: () => brokenApis.rest.get(`/silo/v1/entries/${brokenEntryId}`),
  unavailable: async () => {
    const other = await restOf(queued);
    return whileEngineQueueFull(() => other.post('/silo/v1/entries', { data: party('Refused') }));
  },
};

/** A request that meets each key over GraphQL; the keys GraphQL never raises have none (see NOT_OVER_GRAPHQL). */
const GRAPHQL: Record<string, () => Promise<RawReply>> = {
  input: () => gql.query('{ entries(first: 0) { edges { cursor } } }'),
  unauthorized: () => graphqlClient(t.url).query('{ entries { edges { cursor } } }'),
  'not-found': () => gql.query('query($id: ID!) { entry(id: $id) { id } }', { id: randomUUID() }),
  'method-not-allowed': async () => {
    const reply = await fetch(`${t.url}/graphql`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await tokenFor(newWorkspace())}` },
    });
    return { status: reply.status, headers: reply.headers, body: await reply.json() };
  },
  conflict: async () => {
    const key = randomUUID();
    expect((await gql.query(createEntry, { input: { key, data: party('Once') } })).body.errors).toBeUndefined();
    return gql.query(createEntry, { input: { key, data: party('Twice') } });
  },
  'entry-signed': () => gql.query(updateEntry, { input: { id: signedId, data: party('Changed') } }),
  gone: async () => {
    const { cursor, token } = await staleEventCursor();
    return graphqlClient(t.url, token).query('query($after: String) { events(after: $after) { edges { cursor } } }', { after: cursor });
  },
  'payload-too-large': () => gql.post({ query: `{ entries { edges { cursor } } } # ${'x'.repeat(100 * 1024)}` }),
  'unsupported-media-type': () => gql.post('{ "query": "{ entries { edges { cursor } } }" }', { 'content-type': 'text/plain' }),
  'unknown-schema': () => gql.query(createEntry, { input: { data: { $schema: 'https://gobl.org/draft-0/nothing' } } }),
  calculation: () => gql.query(createEntry, { input: { data: invoice({ $tags: ['nonsense'] }) } }),
  marshal: () => gql.query(createEntry, { input: { data: invoice({ complements: [{ foo: 1 }] }) } }),
  validation: () => gql.query(createEntry, { input: { data: invoiceWithoutSupplier() } }),
  patch: () =>
    gql.query(updateEntry, {
      input: { id: entryId, contentType: 'application/json-patch+json', data: [{ op: 'remove', path: '/doc/nothing' }] },
    }),
  'unknown-state': () =>
    gql.query('mutation($input: AddEntryStateInput!) { addEntryState(input: $input) { state { key } } }', {
      input: { entryId, key: 'no-such-state' },
    }),
  'too-complex': async () => (await gqlOf(slow)).query(createEntry, { input: { data: invoiceOfLines(8000) } }),
  'too-many-requests': async () => {
    await (await gqlOf(slow)).query('{ entries { edges { cursor } } }');
    const busy = await gqlOf(slow);
    expect((await busy.query('{ entries { edges { cursor } } }')).status).toBe(200);
    return busy.query('{ entries { edges { cursor } } }');
  },
  internal: () => brokenApis.gql.query('query($id: ID!) { entry(id: $id) { id meta { key } } }', { id: brokenEntryId }),
  unavailable: async () => {
    const other = await gqlOf(queued);
    return whileEngineQueueFull(() => other.query(createEntry, { input: { data: party('Refused') } }));
  },
};

/** Keys no GraphQL request can meet, and why. */
const NOT_OVER_GRAPHQL: Record<string, string> = {
  forbidden: "only a file's signed link is refused so, and the links are REST's: GraphQL shows them, never serves them",
  'range-not-satisfiable': "only a download's byte range is refused so, and GraphQL serves no bytes",
};

test("the guides' contract and the code's catalogue know the same error keys", () => {
  expect([...ERROR_KEYS].sort()).toEqual([...CONTRACT_KEYS].sort());
});

test('every key has a request that meets it over REST, and one over GraphQL unless GraphQL never raises it', () => {
  expect(Object.keys(REST).sort()).toEqual([...CONTRACT_KEYS].sort());
  expect([...Object.keys(GRAPHQL), ...Object.keys(NOT_OVER_GRAPHQL)].sort()).toEqual([...CONTRACT_KEYS].sort());
  for (const key of Object.keys(NOT_OVER_GRAPHQL)) expect(ERROR_CONTRACT[key].graphql).toBeUndefined();
});

test.each(CONTRACT_KEYS)('REST: %s is answered with its status, key and code', async (key) => {
  const reply = await REST[key]();
  expect({ status: reply.status, key: reply.body?.key, code: reply.body?.code, message: typeof reply.body?.message }).toEqual({
    status: ERROR_CONTRACT[key].status,
    key,
    code: key,
    message: 'string',
  });
  if (key === 'unauthorized') expect(reply.headers.get('www-authenticate')).toBe('Bearer');
  if (key === 'unavailable') expect(reply.headers.get('retry-after')).toBe('1');
});

test.each(Object.keys(GRAPHQL))('GraphQL: %s is answered with its status, extensions.code and key', async (key) => {
  const reply = await GRAPHQL[key]();
  const error = reply.body?.errors?.[0];
  expect({ status: reply.status, code: error?.extensions?.code, key: error?.extensions?.key }).toEqual({
    status: ERROR_CONTRACT[key].graphqlStatus,
    code: ERROR_CONTRACT[key].graphql,
    key,
  });
  if (key === 'unauthorized') expect(reply.headers.get('www-authenticate')).toBe('Bearer');
});
