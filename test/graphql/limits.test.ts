import { buildSchema, getIntrospectionQuery, parse, print, specifiedRules, validate } from 'graphql';
import { newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ConfigError, loadConfig } from '../../src/config';
import { complexityLimitPlugin, costVariablesOf, depthLimitRule, MEASURES_KEPT } from '../../src/graphql/plumbing/limits';
import { buildGraphQLSchema } from '../../src/graphql/schema';
import { MB, retainedHeap } from '../helpers/heap';
import { CreateEntryDocument, ListEntriesDocument } from './generated/graphql';
import { graphqlClient } from './graphql-client';

let t: TestServer;
let gql: ReturnType<typeof graphqlClient>;
beforeAll(async () => {
  t = await startServer();
  gql = graphqlClient(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

/** The deepest query the schema allows: 5 levels (entries > edges > node > attachments/meta > field). */
const DEEPEST = '{ entries(first: 100) { edges { node { attachments { meta } meta { value } } } } }';
const FULL_PAGE = print(ListEntriesDocument);

describe('limits are checked before execution', () => {
  test('the operations clients need pass the default limits (depth 8, complexity 10000)', async () => {
    await gql.run(CreateEntryDocument, { input: { data: party('Limits') } });
    expect((await gql.query(DEEPEST)).body.errors).toBeUndefined();
    const fullPage = await gql.query(FULL_PAGE, { first: 100, withData: true });
    expect(fullPage.body.errors).toBeUndefined();
  });

  test('the full introspection query (as Sandbox sends it, 15 levels deep) passes', async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const reply = await gql.query(query);
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.__schema.types.map((type: { name: string }) => type.name)).toContain('EntryConnection');
  });

  test('a query over the depth limit is refused with GRAPHQL_VALIDATION_FAILED and a clear message', async () => {
    const shallow = await startServer({ GRAPHQL_MAX_DEPTH: '4' });
    try {
      const client = graphqlClient(shallow.url, await tokenFor(newWorkspace()));
      const spy = jest.spyOn(shallow.server.entries, 'listEntries');
      const reply = await client.query(DEEPEST);
      expect(reply.status).toBe(400);
      expect(reply.body.data).toBeUndefined();
      expect(reply.body.errors).toEqual([
        {
          message: 'operation is nested 5 levels deep; the limit is 4',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', key: 'input' },
        },
      ]);
      // Fragments count as they expand: the same depth hidden in fragments is refused too.
      const viaFragments = await client.query(
        'query Deep { entries { ...E } } fragment E on EntryConnection { edges { ...N } } fragment N on EntryEdge { node { meta { value } } }',
      );
      expect(viaFragments.status).toBe(400);
      expect(viaFragments.body.errors[0].message).toBe('operation "Deep" is nested 5 levels deep; the limit is 4');
      expect(spy).not.toHaveBeenCalled();
      expect((await client.query('{ entries { edges { node { id } } } }')).status).toBe(200);
    } finally {
      await shallow.close();
    }
  });

  test('aliases count: many aliased full pages are refused as too complex, before any resolver runs', async () => {
    const page =
      'edges { cursor node { id key folder docSchema envSchema state signed invalid snippet tags createdAt updatedAt data digest { alg val } faults { code message provider paths } } }';
    const one = `{ a0: entries(first: 100) { ${page} } }`;
    expect((await gql.query(one)).status).toBe(200);
    const aliases = Array.from({ length: 10 }, (_, i) => `a${i}: entries(first: 100) { ${page} }`).join(' ');
    const spy = jest.spyOn(t.server.entries, 'listEntries');
    const reply = await gql.query(`{ ${aliases} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      {
        message: expect.stringMatching(/^operation is too complex: cost \d+, the limit is 10000/),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', key: 'input' },
      },
    ]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  test('first in variables is priced at its value', async () => {
    // Each alias costs 1 + first × 14 (edges 1, node 1, id 1, data 10, snippet 1): 8 × 1401 is over 10000, 8 × 141 is not.
    const aliases = Array.from({ length: 8 }, (_, i) => `a${i}: entries(first: $first) { edges { node { id data snippet } } }`).join(' ');
    const query = `query Q($first: Int) { ${aliases} }`;
    expect((await gql.query(query, { first: 10 })).status).toBe(200);
    expect((await gql.query(query, { first: 100 })).status).toBe(400);
  });

  test('a flood of cheap aliased fields is refused too', async () => {
    // 10,001 aliases is over the token bound: refused while parsing, before validation can spend time on it.
    const flood = Array.from({ length: 10_001 }, (_, i) => `t${i}: __typename`).join(' ');
    const reply = await gql.query(`{ ${flood} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(reply.body.errors[0].message).toMatch(/tokens/);
  });

  test('aliases under the token bound still add up to the complexity limit', async () => {
    // 40 aliased full pages: about 600 tokens, but 40 × (1 + 100 × 3) = 12,040, over 10,000.
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: entries(first: 100) { edges { node { id } } }`).join(' ');
    const reply = await gql.query(`{ ${aliases} }`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(reply.body.errors[0].message).toMatch(/too complex/);
  });
});

describe('depthLimitRule', () => {
  // A schema with a cycle, where depth is unbounded.
  const schema = buildSchema('type Query { node: N } type N { id: ID child: N }');
  const check = (query: string, max: number) =>
    validate(schema, parse(query), [...specifiedRules, depthLimitRule(max)]).map((e) => e.message);

  test.each([
    ['{ node { id } }', 2, []],
    ['{ node { child { id } } }', 2, ['operation is nested 3 levels deep; the limit is 2']],
    ['{ a: node { id } b: node { child { child { id } } } }', 3, ['operation is nested 4 levels deep; the limit is 3']],
    [
      '{ node { ...F } } fragment F on N { child { ...G } } fragment G on N { child { id } }',
      3,
      ['operation is nested 4 levels deep; the limit is 3'],
    ],
    ['{ node { ... on N { child { ... on N { id } } } } }', 3, []],
    ['{ __schema { types { fields { type { ofType { name } } } } } }', 2, []],
  ])('%s with limit %i', (query, max, errors) => {
    expect(check(query, max)).toEqual(errors);
  });

  test('fragments that fan out are measured once each, and cycles do not loop', () => {
    const fanOut = Array.from({ length: 30 }, (_, i) => `fragment F${i} on N { child { ...F${i + 1} } a: child { ...F${i + 1} } }`).join(
      ' ',
    );
    const query = `{ node { ...F0 } } ${fanOut} fragment F30 on N { id }`;
    expect(check(query, 40)).toEqual([]);
    expect(check(query, 10)).toEqual(['operation is nested 32 levels deep; the limit is 10']);
    const cycle = check('{ node { ...A } } fragment A on N { child { ...A } }', 5);
    expect(cycle).toContain('Cannot spread fragment "A" within itself.');
  });
});

describe('configuration of the limits', () => {
  test('defaults: depth 8, complexity 10000, no batching; each can be set', () => {
    expect(loadConfig({}).graphqlLimits).toEqual({ maxDepth: 8, maxComplexity: 10_000, batching: false });
    expect(loadConfig({ GRAPHQL_MAX_DEPTH: '12', GRAPHQL_MAX_COMPLEXITY: '500', GRAPHQL_BATCHING: 'true' }).graphqlLimits).toEqual({
      maxDepth: 12,
      maxComplexity: 500,
      batching: true,
    });
  });

  test.each([
    ['GRAPHQL_MAX_DEPTH', '0'],
    ['GRAPHQL_MAX_DEPTH', 'deep'],
    ['GRAPHQL_MAX_COMPLEXITY', '-1'],
    ['GRAPHQL_BATCHING', 'sometimes'],
  ])('%s=%s is refused', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('the memory of measured costs is bounded', () => {
  test('250 requests with distinct large variables keep no copy of them, and costs stay right', async () => {
    const query = 'query Q($first: Int, $pad: String) { entries(first: $first, folder: $pad) { edges { node { id } } } }';
    const pad = 'p'.repeat(200_000);
    await gql.query(query, { first: 1 }); // warm: the document is parsed and stored once
    const retained = await retainedHeap(async () => {
      for (let i = 0; i < 250; i++) {
        // The folder is refused (not a folder name): the cost is measured before that, with these variables.
        const reply = await gql.query(query, { first: 1, pad: `${pad}${i}` });
        expect(reply.status).toBe(200);
        expect(reply.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      }
    });
    // Kept as keys (the old cache kept 256 per document), the variables would be 250 × 200 KB = 50 MB.
    expect(retained).toBeLessThan(15 * MB);
    // Costs measured for other variables are still each variables' own.
    const aliases = Array.from({ length: 8 }, (_, i) => `a${i}: entries(first: $first) { edges { node { id data snippet } } }`).join(' ');
    const priced = `query P($first: Int) { ${aliases} }`; // pad: a variable the operation ignores, and its cost too
    for (let i = 0; i < 20; i++) {
      expect((await gql.query(priced, { first: 10, pad: `${i}` })).status).toBe(200);
      expect((await gql.query(priced, { first: 100, pad: `${i}` })).status).toBe(400);
    }
  });

  test('the plugin keeps at most MEASURES_KEPT costs', async () => {
    const schema = buildGraphQLSchema();
    const plugin = complexityLimitPlugin(10_000);
    const listener = (await plugin.requestDidStart!({} as never))!;
    const document = parse('query Q($first: Int) { entries(first: $first) { edges { node { id } } } }');
    const operation = document.definitions[0];
    for (let i = 0; i < MEASURES_KEPT + 500; i++) {
      await listener.didResolveOperation!({ request: { variables: { first: i + 1 } }, document, schema, operation } as never);
    }
    expect(plugin.measuresKept()).toBe(MEASURES_KEPT);
  });

  test("a cost is kept by the variables it depends on alone: a create's input is not in its key, a page's size is", async () => {
    const schema = buildGraphQLSchema();
    expect(costVariablesOf(schema, parse('mutation C($input: CreateEntryInput!) { createEntry(input: $input) { entry { id } } }'))).toEqual(
      [],
    );
    expect(
      costVariablesOf(
        schema,
        parse(
          'query L($first: Int, $d: Boolean!, $k: String) { entries(first: $first) { edges { node { id data @include(if: $d) } } } entryByKey(key: $k) { id } }',
        ),
      ),
    ).toEqual(['d', 'first']);
    const plugin = complexityLimitPlugin(10_000);
    const listener = (await plugin.requestDidStart!({} as never))!;
    const run = (query: string, variables: Record<string, unknown>) => {
      const document = parse(query);
      return listener.didResolveOperation!({ request: { variables }, document, schema, operation: document.definitions[0] } as never);
    };
    const create = 'mutation C($input: CreateEntryInput!) { createEntry(input: $input) { entry { id } } }';
    await run(create, { input: { data: { n: 1 } } });
    expect(plugin.measuresKept()).toBe(1);
    // Variables that do not coerce are priced 0 (execution refuses them), and that price is not kept: the next
    // request, with the same values of the variables the cost depends on and a key that coerces, is measured.
    const tooMany = Array.from({ length: 20 }, (_, i) => `a${i}: entries(first: $first) { edges { node { id data } } }`).join(' ');
    const heavy = `query H($first: Int, $k: String) { ${tooMany} entryByKey(key: $k) { id } }`;
    await expect(run(heavy, { first: 100, k: 5 })).resolves.toBeUndefined();
    expect(plugin.measuresKept()).toBe(1);
    await expect(run(heavy, { first: 100, k: 'key' })).rejects.toThrow(/too complex/);
  });
});
