import { randomUUID } from 'node:crypto';
import { party, startServer, tokenFor, newWorkspace, type TestServer } from '../helpers/server';
import { CreateEntryDocument, ListEntriesDocument } from './generated/graphql';
import { apisFor, graphqlClient } from './graphql-client';
import { createContext } from '../../src/graphql/plumbing/context';
import { GraphQLError } from 'graphql';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const UNAUTHENTICATED = { errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED', key: 'unauthorized' } }] };

describe('the bearer token of REST guards /graphql', () => {
  test.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['a token signed with another secret', 'other'],
    ['an expired token', 'expired'],
    ['a token without workspace_id', 'no-workspace'],
  ])('%s: 401 UNAUTHENTICATED with WWW-Authenticate, and nothing runs', async (_name, kind) => {
    const workspace = newWorkspace();
    const headers: Record<string, string> = {};
    if (kind === 'Token abc') headers.authorization = kind;
    if (kind === 'other') headers.authorization = `Bearer ${await tokenFor(workspace, { secret: 'x'.repeat(48) })}`;
    if (kind === 'expired')
      headers.authorization = `Bearer ${await tokenFor(workspace, { claims: { exp: Math.floor(Date.now() / 1000) - 3600 } })}`;
    if (kind === 'no-workspace') headers.authorization = `Bearer ${await tokenFor(workspace, { claims: { workspace_id: undefined } })}`;
    const spy = jest.spyOn(t.server.entries, 'createEntry');
    const reply = await graphqlClient(t.url).run(CreateEntryDocument, { input: { data: party('Sneaky') } }, headers);
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual(UNAUTHENTICATED);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    const owner = graphqlClient(t.url, await tokenFor(workspace));
    expect((await owner.run(ListEntriesDocument, {})).body.data!.entries.edges).toEqual([]);
  });

  test('the token is checked before the body is read: a bad body without a token is still 401', async () => {
    const reply = await graphqlClient(t.url).post('{not json', {});
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNAUTHENTICATED);
  });

  test('a GET query needs the token too, even when it asks for HTML alongside JSON', async () => {
    const query = encodeURIComponent('{ entries { edges { cursor } } }');
    const plain = await fetch(`${t.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(plain.status).toBe(401);
    const token = await tokenFor(newWorkspace());
    const authorized = await fetch(`${t.url}/graphql?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${token}`, accept: 'application/json, text/html;q=0.5' },
    });
    expect(authorized.status).toBe(200);
    expect(await authorized.json()).toEqual({ data: { entries: { edges: [] } } });
  });

  test('each token sees its own workspace only', async () => {
    const a = await apisFor(t.url);
    const b = await apisFor(t.url);
    await a.gql.run(CreateEntryDocument, { input: { data: party('Mine'), key: randomUUID() } });
    expect((await a.gql.run(ListEntriesDocument, {})).body.data!.entries.edges).toHaveLength(1);
    expect((await b.gql.run(ListEntriesDocument, {})).body.data!.entries.edges).toHaveLength(0);
  });
});

test('the context refuses a request that reached Apollo without a workspace (only the landing page may)', () => {
  let thrown: unknown;
  try {
    createContext(t.server.entries, {
      workspaceId: undefined,
      requestId: 'r-1',
      log: t.server.logger,
      fileUrl: (file) => file.id,
      formatUrl: () => '',
    });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(GraphQLError);
  expect((thrown as GraphQLError).extensions).toMatchObject({ code: 'UNAUTHENTICATED', key: 'unauthorized', http: { status: 401 } });
});

describe('the explorer page', () => {
  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  test('a browser GET without a token gets GraphiQL, whose every file the service serves itself', async () => {
    const reply = await fetch(`${t.url}/graphql`, { headers: browser });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await reply.text();
    expect(page).toMatch(/GraphiQL/);
    expect(page).toContain('id="token"');
    const loaded = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    // The stylesheet, React, ReactDOM, GraphiQL and graphql-ws's browser client (subscriptions).
    expect(loaded).toHaveLength(5);
    for (const file of loaded) {
      expect(file).toMatch(/^\/graphql\/explorer\//);
      const asset = await fetch(`${t.url}${file}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/^text\/(javascript|css)/);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  });

  test('NODE_ENV=production changes nothing: the explorer and introspection stay on', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    let prod: TestServer | undefined;
    try {
      prod = await startServer({ NODE_ENV: 'production' });
      const page = await fetch(`${prod.url}/graphql`, { headers: browser });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/GraphiQL/);
      const gql = graphqlClient(prod.url, await tokenFor(newWorkspace()));
      expect((await gql.query('{ __schema { queryType { name } } }')).body).toEqual({
        data: { __schema: { queryType: { name: 'Query' } } },
      });
    } finally {
      process.env.NODE_ENV = before;
      await prod?.close();
    }
  });

  test('GRAPHQL_EXPLORER=sandbox serves Apollo Sandbox instead', async () => {
    const sandbox = await startServer({ GRAPHQL_EXPLORER: 'sandbox' });
    try {
      const page = await (await fetch(`${sandbox.url}/graphql`, { headers: browser })).text();
      expect(page).toMatch(/sandbox/i);
      expect(page).not.toMatch(/GraphiQL/);
      expect((await fetch(`${sandbox.url}/graphql/explorer/graphiql.js`)).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });

  test.each<Record<string, string>>([{ GRAPHQL_EXPLORER: 'off' }, { GRAPHQL_SANDBOX: 'false' }])(
    'with %p there is no page, and the browser GET needs a token',
    async (env) => {
      const off = await startServer(env);
      try {
        const reply = await fetch(`${off.url}/graphql`, { headers: browser });
        expect(reply.status).toBe(401);
        expect(await reply.json()).toEqual(UNAUTHENTICATED);
      } finally {
        await off.close();
      }
    },
  );
});

describe('introspection, batching and methods', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';

  test('introspection is on by default, whatever NODE_ENV says', async () => {
    const { gql } = await apisFor(t.url);
    expect((await gql.query(INTROSPECTION)).body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  test('GRAPHQL_INTROSPECTION=false refuses introspection before execution', async () => {
    const off = await startServer({ GRAPHQL_INTROSPECTION: 'false' });
    try {
      const gql = graphqlClient(off.url, await tokenFor(newWorkspace()));
      const reply = await gql.query(INTROSPECTION);
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', key: 'input' });
      expect((await gql.run(ListEntriesDocument, {})).status).toBe(200);
    } finally {
      await off.close();
    }
  });

  test('batched requests are refused unless GRAPHQL_BATCHING=true', async () => {
    const batch = [{ query: '{ entries { edges { cursor } } }' }, { query: '{ entries { pageInfo { hasNextPage } } }' }];
    const { gql } = await apisFor(t.url);
    const refused = await gql.post(batch);
    expect(refused.status).toBe(400);
    const on = await startServer({ GRAPHQL_BATCHING: 'true' });
    try {
      const reply = await graphqlClient(on.url, await tokenFor(newWorkspace())).post(batch);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual([{ data: { entries: { edges: [] } } }, { data: { entries: { pageInfo: { hasNextPage: false } } } }]);
    } finally {
      await on.close();
    }
  });

  test('bodies are read as REST reads them: 415, 400 and 413 in GraphQL error shape', async () => {
    const { gql } = await apisFor(t.url);
    const text = await gql.post('{ "query": "{ entries { edges { cursor } } }" }', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'unsupported-media-type' });
    const malformed = await gql.post('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input' });
    const huge = await gql.post({ query: `{ entries { edges { cursor } } } # ${'x'.repeat(3 * 1024 * 1024)}` });
    expect(huge.status).toBe(413);
    expect(huge.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'payload-too-large' });
  });

  test('other methods are 405 with Allow: GET, POST', async () => {
    const token = await tokenFor(newWorkspace());
    const reply = await fetch(`${t.url}/graphql`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, POST');
    expect(((await reply.json()) as any).errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'method-not-allowed' });
  });
});
