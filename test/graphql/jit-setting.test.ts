import path from 'node:path';
import * as compiledExecutorModule from '../../src/graphql/plumbing/compiled-executor';
import { print } from 'graphql';
import { storeAttachmentsAndMeta } from '../helpers/entry-extras';
import { MARIADB_URL, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { CreateEntryDocument, GetEntryByKeyDocument, GetEntryDocument, GetNodeDocument, ListEntriesDocument } from './generated/graphql';
import { graphqlClient, linksUpToExpiry } from './graphql-client';

/**
 * GRAPHQL_JIT=false runs operations with graphql-js, the fallback kept for when graphql-jit is in doubt. Two
 * servers on one database, one each way: every answer, errors included, must be the same byte for byte.
 * (`GRAPHQL_JIT=false npx jest test/graphql` runs the whole GraphQL suite the graphql-js way.)
 */
let jit: TestServer;
let plain: TestServer;
const workspace = newWorkspace();
const ids: string[] = [];

beforeAll(async () => {
  // The same address and secret for files' links, so the two servers' attachments show the same urls.
  const links = { FILE_LINK_SECRET: 'jit-setting-file-link-secret-0123456789', PUBLIC_BASE_URL: 'https://entries.example.com' };
  jit = await startServer({ GRAPHQL_JIT: 'true', ...links });
  const database = testDatabase() === 'mariadb' ? MARIADB_URL : `sqlite:${path.join(jit.dataDir, 'entries.sqlite')}`;
  plain = await startServer({ GRAPHQL_JIT: 'false', DATABASE_URL: database, ...links });
  const gql = graphqlClient(jit.url, await tokenFor(workspace));
  for (let i = 0; i < 5; i++) {
    const reply = await gql.run(CreateEntryDocument, { input: { key: `jit-${i}`, data: party(`Party ${i}`), sign: i === 3 } });
    ids.push(reply.body.data!.createEntry.entry.id);
  }
  await storeAttachmentsAndMeta(jit.server.dataSource, workspace, [ids[1], ids[3]]);
});
afterAll(async () => {
  await plain?.close();
  await jit?.close();
});

const OPERATIONS: [string, () => { query: string; variables?: Record<string, unknown> }][] = [
  ['a page with every field and data', () => ({ query: print(ListEntriesDocument), variables: { first: 10, withData: true } })],
  ['two pages', () => ({ query: print(ListEntriesDocument), variables: { first: 2 } })],
  ['one entry by id', () => ({ query: print(GetEntryDocument), variables: { id: ids[3] } })],
  ['one entry by key', () => ({ query: print(GetEntryByKeyDocument), variables: { key: 'jit-1' } })],
  ['a node', () => ({ query: print(GetNodeDocument), variables: { id: ids[0] } })],
  ['an unknown id: NOT_FOUND', () => ({ query: print(GetEntryDocument), variables: { id: '00000000-0000-7000-8000-000000000000' } })],
  ['an id that is not a UUID', () => ({ query: print(GetEntryDocument), variables: { id: 'nope' } })],
  ['a bad cursor', () => ({ query: '{ entries(after: "bad") { edges { cursor } } }' })],
  [
    'aliases, fragments and __typename',
    () => ({
      query:
        '{ a: entries(first: 1) { ...P } b: entries(first: 3) { ...P } } fragment P on EntryConnection { __typename pageInfo { hasNextPage endCursor } edges { node { __typename id draft signed } } }',
    }),
  ],
  ['a refused mutation', () => ({ query: print(CreateEntryDocument), variables: { input: { data: { name: 'no $schema' } } } })],
  ['variables of the wrong type', () => ({ query: print(GetEntryDocument), variables: { id: 42.5 } })],
];

test.each(OPERATIONS)('%s: graphql-jit and graphql-js answer alike', async (_name, operation) => {
  const token = await tokenFor(workspace);
  const { query, variables } = operation();
  const [compiled, interpreted] = await Promise.all([
    graphqlClient(jit.url, token).query(query, variables),
    graphqlClient(plain.url, token).query(query, variables),
  ]);
  expect(interpreted.status).toBe(compiled.status);
  // A link made a second later than the other expires a second later: only that may differ.
  expect(JSON.stringify(linksUpToExpiry(interpreted.body))).toBe(JSON.stringify(linksUpToExpiry(compiled.body)));
});

test('GRAPHQL_JIT=false leaves the compiled executor out; true (the default) puts it in', async () => {
  const compiledExecutor = jest.spyOn(compiledExecutorModule, 'compiledExecutor');
  try {
    await (await startServer({ GRAPHQL_JIT: 'false' })).close();
    expect(compiledExecutor).not.toHaveBeenCalled();
    await (await startServer({ GRAPHQL_JIT: 'true' })).close();
    expect(compiledExecutor).toHaveBeenCalledTimes(1);
  } finally {
    compiledExecutor.mockRestore();
  }
});
