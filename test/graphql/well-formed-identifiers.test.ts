import { randomUUID } from 'node:crypto';
import { newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { graphqlClient } from './graphql-client';

/**
 * GraphQL refuses identifiers that are not well-formed Unicode as REST does (see
 * test/rest/well-formed-identifiers.test.ts): a workspace claim with a lone surrogate is 401 UNAUTHENTICATED,
 * a key or folder with one is BAD_USER_INPUT naming the field, and nothing is stored.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const rowsOf = async (workspacePrefix: string): Promise<number> => {
  const [row] = await t.server.dataSource.query('SELECT COUNT(*) AS n FROM entries WHERE workspace_id LIKE ?', [`${workspacePrefix}%`]);
  return Number(row.n);
};

const CREATE = 'mutation($input: CreateEntryInput!) { createEntry(input: $input) { entry { id key folder } } }';

const expectBadInput = (reply: { status: number; body: any }, field: string) => {
  expect(reply.status).toBe(200);
  expect(reply.body.data?.createEntry ?? reply.body.data?.entryByKey ?? reply.body.data?.entries ?? null).toBeNull();
  expect(reply.body.errors).toEqual([
    expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT', key: 'input', fields: { [field]: expect.any(String) } } }),
  ]);
};

test('workspace claims with lone surrogates are 401 UNAUTHENTICATED, and the two tenants stay apart', async () => {
  const prefix = `tenant-${randomUUID()}-`;
  for (const workspace of [`${prefix}\ud83d`, `${prefix}\udc00`]) {
    const reply = await graphqlClient(t.url, await tokenFor(workspace)).query(CREATE, { input: { data: party('Tenant'), key: 'shared' } });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    expect(reply.body).toEqual({
      errors: [
        { message: 'the workspace_id claim must be well-formed Unicode', extensions: { code: 'UNAUTHENTICATED', key: 'unauthorized' } },
      ],
    });
  }
  expect(await rowsOf(prefix)).toBe(0);
});

test('keys and folders with lone surrogates are BAD_USER_INPUT naming the field, and nothing is stored', async () => {
  const workspace = newWorkspace();
  const gql = graphqlClient(t.url, await tokenFor(workspace));
  expectBadInput(await gql.query(CREATE, { input: { data: party('Keyed'), key: 'inv-\ud83d' } }), 'key');
  expectBadInput(await gql.query(CREATE, { input: { data: party('Keyed'), key: '\udc00' } }), 'key');
  expectBadInput(await gql.query(CREATE, { input: { data: party('Filed'), folder: 'sales\ud83d' } }), 'folder');
  expectBadInput(await gql.query('query($key: String!) { entryByKey(key: $key) { id } }', { key: 'inv-\ud83d' }), 'key');
  expectBadInput(
    await gql.query('query($folder: String) { entries(folder: $folder) { edges { node { id } } } }', { folder: 'sales\udc00' }),
    'folder',
  );
  expect(await rowsOf(workspace)).toBe(0);
  // A well-formed key with a pair is stored and found.
  expect((await gql.query(CREATE, { input: { data: party('Smile'), key: 'inv-\ud83d\ude00' } })).body.data.createEntry.entry.key).toBe(
    'inv-\ud83d\ude00',
  );
  expect(
    (await gql.query('query($key: String!) { entryByKey(key: $key) { key } }', { key: 'inv-\ud83d\ude00' })).body.data.entryByKey.key,
  ).toBe('inv-\ud83d\ude00');
});
