import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { execute, GraphQLError, parse, type ExecutionResult } from 'graphql';
import { compiledExecutor } from '../../../src/graphql/plumbing/compiled-executor';
import { createContext } from '../../../src/graphql/plumbing/context';
import { formatError } from '../../../src/graphql/plumbing/format-error';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { storeAttachmentsAndMeta } from '../../helpers/entry-extras';
import { party, newWorkspace, startServer, type TestServer } from '../../helpers/server';
import { MB, retainedHeap } from '../../helpers/heap';

/**
 * The service runs operations with graphql-jit from their second run. Each operation here runs on the same
 * entry service and database through the compiled executor (twice: the second run is compiled) and through
 * graphql-js: the answers, errors included as a client sees them, must be the same.
 */
let t: TestServer;
let runCompiled: GatewayExecutor;
let compilations = 0;
const schema = buildGraphQLSchema();
const workspace = newWorkspace();
const ids: string[] = [];

beforeAll(async () => {
  t = await startServer();
  runCompiled = (await compiledExecutor(schema, { compiled: () => (compilations += 1) }).load({ apollo: {} })).executor!;
  for (let i = 0; i < 7; i++) {
    // One signed entry, and three with attachments and meta, so every kind of leaf value is on the page.
    const entry = await t.server.entries.createEntry(workspace, { key: `key-${i}`, data: party(`Party ${i}`), sign: i === 5 });
    ids.push(entry.id);
  }
  await storeAttachmentsAndMeta(t.server.dataSource, workspace, [ids[2], ids[5], ids[6]]);
});
afterAll(() => t.close());

// Files' urls come from the HTTP request (test/graphql/file-urls.test.ts); here any per-file text will do, the same both ways.
const fileUrl = (file: { entryId: string; id: string }) => `https://files.test/${file.entryId}/${file.id}`;
const formatUrl = (entryId: string, format: string) => `https://files.test/${entryId}/formats/${format}`;
const contextValue = () =>
  createContext(t.server.entries, {
    workspaceId: workspace,
    requestId: 'compiled-executor-test',
    log: t.server.logger,
    fileUrl,
    formatUrl,
  });

/** What a client receives: data, and each error after the service's formatError. */
const asClientSees = (result: ExecutionResult) =>
  JSON.parse(
    JSON.stringify({
      data: result.data,
      errors: result.errors?.map((error) => formatError((error as GraphQLError).toJSON(), error)),
    }),
  );

async function bothWays(query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const document = parse(query);
  const reference = await execute({ schema, document, operationName, variableValues: variables, contextValue: contextValue() });
  const request = { query, operationName, variables } as GatewayGraphQLRequestContext['request'];
  // A document runs under graphql-js the first time and is compiled the second: the second answer is the compiled one.
  await runCompiled({ document, request, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  const compiled = await runCompiled({ document, request, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  return { reference: asClientSees(reference), compiled: asClientSees(compiled), raw: compiled };
}

const ENTRY = `id key folder docSchema envSchema state draft signed invalid digest { alg val } snippet tags
  attachments { id entryId name desc mime size hash stored url meta createdAt }
  meta { id entryId src key value ref ownerId owned indexed secure shared linkScope linkUrl createdAt updatedAt }
  faults { provider code message paths } createdAt updatedAt`;

const CASES: [string, string, Record<string, unknown>?, string?][] = [
  [
    'a page with every field, data included',
    `{ entries(first: 3) { edges { cursor node { ${ENTRY} data } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
  ],
  [
    'aliases, fragments, and a non-null variable left to its default',
    `query Page($first: Int, $withData: Boolean! = false) {
      newest: entries(first: $first) { edges { node { ...Fields data @include(if: $withData) } } }
      parties: entries(folder: "parties", first: 2) { edges { node { ...Fields } } pageInfo { hasNextPage } }
    }
    fragment Fields on Entry { id key title: snippet createdAt }`,
    { first: 4 },
  ],
  [
    '@skip and @include from variables',
    'query ($s: Boolean!, $i: Boolean!) { entries { edges { node { id key @skip(if: $s) folder @include(if: $i) } } } }',
    { s: true, i: false },
  ],
  [
    'one entry by id, by key and as a node',
    `query ($id: ID!, $node: ID!) { entry(id: $id) { ${ENTRY} } entryByKey(key: "key-3") { id draft } node(id: $node) { __typename id ... on Entry { key folder } } }`,
  ],
  ['an unknown id: NOT_FOUND and null', 'query ($id: ID!) { entry(id: $id) { id } }', { id: '00000000-0000-7000-8000-000000000000' }],
  ['a cursor that does not decode: the domain error with fields', '{ entries(after: "garbage!") { edges { node { id } } } }'],
  ['a page size below one', '{ entries(first: 0) { edges { node { id } } } }'],
  [
    'a variable that does not coerce: no data at all',
    'query ($at: DateTime) { entries(createdAt: $at) { edges { node { id } } } }',
    { at: 'yesterday' },
  ],
  ['a required variable missing', 'query ($id: ID!) { entry(id: $id) { id } }', {}],
  [
    'the created-at filter from a variable',
    'query ($at: DateTime) { entries(createdAt: $at) { edges { node { id createdAt } } } }',
    { at: '2999-01-01T00:00:00Z' },
  ],
  ['the signing keys and __typename', '{ __typename signingKeys }'],
  [
    'an operation chosen by name',
    'query A { entries(first: 1) { edges { node { id } } } } query B { entries(first: 2) { edges { node { key } } } }',
    {},
    'B',
  ],
  ['an operation name that names none (graphql-js runs it)', '{ __typename }', {}, 'Missing'],
];

describe('the compiled executor answers as graphql-js does', () => {
  test.each(CASES)('%s', async (_name, query, variables = {}, operationName) => {
    const filled = { id: ids[2], node: ids[5], ...variables };
    const { reference, compiled } = await bothWays(
      query,
      query.includes('$id') || query.includes('$node') ? filled : variables,
      operationName,
    );
    expect(compiled).toEqual(reference);
  });

  test('the cases reach data and errors alike, so the comparison above compares something', async () => {
    const page = await bothWays(CASES[0][1]);
    expect(page.compiled.data.entries.edges).toHaveLength(3);
    expect(page.compiled.data.entries.edges[0].node.data.head.uuid).toBeDefined();
    expect(typeof page.compiled.data.entries.edges[0].node.createdAt).toBe('string');
    // Leaves pass through unserialized (disableLeafSerialization): the stored values already have GraphQL's types.
    const [newest, signed] = page.compiled.data.entries.edges.map((edge: { node: unknown }) => edge.node);
    expect(newest.attachments[1]).toMatchObject({ size: 2000, stored: true, desc: null });
    expect(newest.meta[0]).toMatchObject({ owned: true, indexed: true, secure: false });
    expect(signed).toMatchObject({ signed: true, draft: false, invalid: false });
    const notFound = await bothWays(CASES[4][1], CASES[4][2]);
    expect(notFound.compiled.errors[0].extensions).toEqual({ code: 'NOT_FOUND', key: 'not-found' });
    const badCursor = await bothWays(CASES[5][1]);
    expect(badCursor.compiled.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input', fields: { cursor: 'is not valid' } });
    const coercion = await bothWays(CASES[7][1], CASES[7][2]);
    expect(coercion.compiled.data).toBeUndefined();
    // Apollo turns such errors into BAD_USER_INPUT with status 400 (entries-connection.test.ts checks it over HTTP).
    expect(coercion.raw.errors?.[0].message).toMatch(/^Variable "\$at" got invalid value "yesterday"/);
  });
});

test('a document is compiled at its second run, once', async () => {
  const document = parse(`{ entries(first: 2) { edges { node { id } } } }`);
  const run = () => runCompiled({ document, request: { query: '' }, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  const before = compilations;
  const first = await run();
  expect(compilations).toBe(before);
  const second = await run();
  expect(compilations).toBe(before + 1);
  await run();
  expect(compilations).toBe(before + 1);
  expect(asClientSees(second)).toEqual(asClientSees(first));
});

test('a large document is never compiled: graphql-js runs it each time', async () => {
  const document = parse(
    `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: entries(first: 1) { edges { node { id key folder } } }`).join(' ')} }`,
  );
  const run = () => runCompiled({ document, request: { query: '' }, context: contextValue() } as unknown as GatewayGraphQLRequestContext);
  const before = compilations;
  for (let i = 0; i < 3; i++) expect((await run()).errors).toBeUndefined();
  expect(compilations).toBe(before);
});

describe('compiled plans are kept per operation, never per name the client sends', () => {
  test('distinct long operation names that name nothing leave nothing behind, and the plan still serves', async () => {
    const document = parse('query Page { entries(first: 2) { edges { node { id } } } }');
    const run = (operationName: string | undefined) =>
      runCompiled({
        document,
        request: { operationName, variables: {} },
        context: contextValue(),
      } as unknown as GatewayGraphQLRequestContext);
    await run('Page');
    const name = 'N'.repeat(200_000);
    const retained = await retainedHeap(async () => {
      for (let i = 0; i < 150; i++) {
        const result = await run(`${name}${i}`);
        expect(result.errors?.[0].message).toMatch(/^Unknown operation named/);
      }
    });
    // Kept as keys while the document lives, the names would be 150 × 200 KB = 30 MB.
    expect(retained).toBeLessThan(8 * MB);
    expect(((await run('Page')).data as any).entries.edges).toHaveLength(2);
    expect(((await run(undefined)).data as any).entries.edges).toHaveLength(2);
  });
});
