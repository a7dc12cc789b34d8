import { newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/** What GraphQL clients (Apollo Client, urql, graphql-request, Relay) expect of a server, each as they send it by default. */
let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServer();
  token = await tokenFor(newWorkspace());
});
afterAll(() => t.close());

/** The Accept headers the clients send by default. */
const URQL_ACCEPT = 'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';
const GRAPHQL_REQUEST_ACCEPT = 'application/graphql-response+json, application/json';

const post = (query: string, variables: object, headers: Record<string, string>) =>
  fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });

describe('a 401 in the media type the client asked for', () => {
  test.each([
    ['urql', URQL_ACCEPT, 'application/graphql-response+json; charset=utf-8'],
    ['graphql-request', GRAPHQL_REQUEST_ACCEPT, 'application/graphql-response+json; charset=utf-8'],
    ['Apollo Client', 'application/graphql-response+json,application/json;q=0.9', 'application/graphql-response+json; charset=utf-8'],
    ['a client asking for JSON', 'application/json', 'application/json; charset=utf-8'],
    ['a client asking for anything', '*/*', 'application/json; charset=utf-8'],
  ])('%s', async (_client, accept, type) => {
    const reply = await post('{ entries { edges { cursor } } }', {}, { accept });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('content-type')).toBe(type);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    expect(await reply.json()).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED', key: 'unauthorized' } }],
    });
  });
});

describe('GET queries as urql and graphql-request send them (no content type, no Apollo header)', () => {
  test.each([
    ['urql', URQL_ACCEPT],
    ['graphql-request', GRAPHQL_REQUEST_ACCEPT],
  ])('%s', async (_client, accept) => {
    const query = encodeURIComponent('query Latest($first: Int) { entries(first: $first) { edges { cursor } } }');
    const variables = encodeURIComponent(JSON.stringify({ first: 2 }));
    const reply = await fetch(`${t.url}/graphql?query=${query}&operationName=Latest&variables=${variables}`, {
      headers: { accept, authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ data: { entries: { edges: [] } } });
  });

  test('a mutation by GET is still refused: GET is for queries only', async () => {
    const query = encodeURIComponent('mutation { createEntry(input: { data: {} }) { entry { id } } }');
    const reply = await fetch(`${t.url}/graphql?query=${query}`, {
      headers: { accept: GRAPHQL_REQUEST_ACCEPT, authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(405);
  });
});

describe('ids and the created edge', () => {
  const CREATE = `mutation Create($input: CreateEntryInput!) {
    createEntry(input: $input) { entry { id } entryEdge { cursor node { id key } } }
  }`;
  const create = async (auth: string, key: string) => {
    const reply = await post(CREATE, { input: { key, data: party(key) } }, { authorization: auth });
    return ((await reply.json()) as any).data.createEntry;
  };

  test('entry(id: ID!) takes the id as every client cache keeps it; a text that is not a UUID is BAD_USER_INPUT', async () => {
    const auth = `Bearer ${await tokenFor(newWorkspace())}`;
    const { entry } = await create(auth, 'by-id');
    const found = await post('query Get($id: ID!) { entry(id: $id) { id key } }', { id: entry.id }, { authorization: auth });
    expect(await found.json()).toEqual({ data: { entry: { id: entry.id, key: 'by-id' } } });
    const bad: any = await (await post('query Get($id: ID!) { entry(id: $id) { id } }', { id: 'nope' }, { authorization: auth })).json();
    expect(bad.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input', fields: { id: 'must be a UUID' } });
  });

  test('createEntry gives the entry as an edge of entries: the same cursor, which continues the list after it', async () => {
    const auth = `Bearer ${await tokenFor(newWorkspace())}`;
    const older = await create(auth, 'older');
    const newer = await create(auth, 'newer');
    expect(newer.entryEdge.node).toEqual({ id: newer.entry.id, key: 'newer' });
    const list: any = await (await post('{ entries { edges { cursor node { id } } } }', {}, { authorization: auth })).json();
    expect(list.data.entries.edges).toEqual([
      { cursor: newer.entryEdge.cursor, node: { id: newer.entry.id } },
      { cursor: older.entryEdge.cursor, node: { id: older.entry.id } },
    ]);
    const after = await post(
      'query After($after: String) { entries(after: $after) { edges { node { key } } } }',
      { after: newer.entryEdge.cursor },
      { authorization: auth },
    );
    expect(((await after.json()) as any).data.entries.edges).toEqual([{ node: { key: 'older' } }]);
  });
});
