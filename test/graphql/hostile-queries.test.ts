import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { recordFigures } from '../helpers/figures';
import { LEAKS, settledHeapMiB } from '../helpers/hostile';
import { TEST_SECRET, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';

/**
 * Hostile GraphQL: generated queries (random selections, aliases, fragments, arguments and variables of
 * every kind, broken syntax, odd bodies) are answered with GraphQL errors carrying a code, never a 5xx or
 * INTERNAL_SERVER_ERROR, never a stack trace. Shapes that multiply work (depth, aliases, fragments,
 * repeated fields, directives) are refused quickly, by a server in a child process so that one that
 * blocks cannot block the test: each must be answered within DEADLINE_MS, and the server must still
 * answer a health check at once afterwards. HOSTILE_RUNS multiplies the number of runs.
 */
const RUNS = (n: number) => Math.max(1, Math.round(n * Number(process.env.HOSTILE_RUNS ?? 1)));
const DEADLINE_MS = 3_000;

const tally = { tried: 0, fiveXX: 0, byStatus: {} as Record<number, number> };
const batchFigures: string[] = [];
let baselineMiB = 0;
let t: TestServer;
let token: string;
let entryId: string;

beforeAll(async () => {
  t = await startServer();
  token = await tokenFor(newWorkspace());
  const created = await fetch(`${t.url}/silo/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: party('GraphQL target'), key: 'target' }),
  });
  entryId = ((await created.json()) as { id: string }).id;
  baselineMiB = await settledHeapMiB();
});

afterAll(async () => {
  const afterMiB = await settledHeapMiB();
  recordFigures('hostile-graphql', testDatabase(), {
    inputs: tally.tried,
    five_xx: tally.fiveXX,
    statuses: JSON.stringify(tally.byStatus),
    heap_baseline_mib: baselineMiB.toFixed(1),
    heap_after_mib: afterMiB.toFixed(1),
    heap_after_batch: batchFigures.join('; '),
  });
  await t.close();
  await killAllServiceProcesses();
});

/** Problems with a GraphQL answer: empty when it is fine. */
function graphqlProblems(status: number, contentType: string | null, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (![200, 400, 405, 413, 415].includes(status)) problems.push(`status ${status}`);
  if (LEAKS.test(text) || text.includes('stacktrace')) problems.push('leaks internals');
  if (!/^application\/(graphql-response\+)?json/.test(contentType ?? '')) problems.push(`content-type ${contentType}`);
  let body: { errors?: { message?: unknown; extensions?: { code?: unknown } }[]; data?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, 'body is not JSON'];
  }
  for (const error of (Array.isArray(body) ? body.flatMap((b) => b?.errors ?? []) : body?.errors) ?? []) {
    if (typeof error.message !== 'string') problems.push('an error without a message');
    if (typeof error.extensions?.code !== 'string') problems.push(`an error without a code: ${JSON.stringify(error).slice(0, 200)}`);
    if (error.extensions?.code === 'INTERNAL_SERVER_ERROR') problems.push(`INTERNAL_SERVER_ERROR: ${JSON.stringify(error).slice(0, 200)}`);
  }
  if (status >= 400 && !Array.isArray(body) && !body?.errors?.length) problems.push('a refusal without errors');
  return problems;
}

async function hostile(
  base: string,
  init: { method?: string; query?: string; body?: string; headers?: Record<string, string> },
  deadlineMs = 20_000,
) {
  tally.tried++;
  const started = Date.now();
  const url = init.query === undefined ? `${base}/graphql` : `${base}/graphql?${init.query}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(deadlineMs),
    });
  } catch (error) {
    throw new Error(`no answer within ${deadlineMs} ms (${(error as Error).name}) to ${(init.body ?? init.query ?? '').slice(0, 200)}`, {
      cause: error,
    });
  }
  const text = await response.text();
  tally.byStatus[response.status] = (tally.byStatus[response.status] ?? 0) + 1;
  if (response.status >= 500) tally.fiveXX++;
  const problems = graphqlProblems(response.status, response.headers.get('content-type'), text);
  if (problems.length > 0)
    throw new Error(`${(init.body ?? init.query ?? '').slice(0, 300)}\n  → ${problems.join('\n  → ')}\n  ${text.slice(0, 300)}`);
  return { status: response.status, body: JSON.parse(text), ms: Date.now() - started };
}

// A small grammar of this schema's operations, with wrong turns on purpose.
const name = fc.constantFrom(
  'entries',
  'entry',
  'entryByKey',
  'node',
  'edges',
  'node',
  'cursor',
  'pageInfo',
  'id',
  'key',
  'data',
  'snippet',
  'digest',
  'alg',
  'meta',
  'value',
  'attachments',
  'faults',
  'draft',
  '__typename',
  '__schema',
  'types',
  'nope',
  'createEntry',
);
const argValue = fc.oneof(
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.constantFrom(
    '"x"',
    'null',
    'true',
    '1.5',
    '[1,2]',
    '{a: 1}',
    'ENUM',
    '$v',
    '"01a1fcbd-04c0-72ff-a05d-e50025768049"',
    `"${'9'.repeat(40)}"`,
    '99999999999999999999',
  ),
  fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)),
);
const args = fc
  .array(fc.tuple(fc.constantFrom('first', 'after', 'id', 'key', 'folder', 'createdAt', 'input', 'bogus'), argValue), { maxLength: 3 })
  .map((pairs) => (pairs.length ? `(${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''));
const selection: fc.Arbitrary<string> = fc.letrec<{ set: string; field: string }>((tie) => ({
  field: fc
    .tuple(
      fc.option(fc.constantFrom('a', 'b', 'c', 'x1'), { nil: undefined }),
      name,
      args,
      fc.option(tie('set'), { freq: 2, nil: undefined }),
      fc.constantFrom('', '', ' @include(if: true)', ' @skip(if: $v)', ' @deprecated'),
    )
    .map(([alias, field, a, set, directive]) => `${alias ? `${alias}: ` : ''}${field}${a}${directive}${set ? ` ${set}` : ''}`),
  set: fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: tie('field') },
        { weight: 1, arbitrary: fc.constantFrom('...F', '... on Entry { id }', '... on Query { __typename }') },
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((fields) => `{ ${fields.join(' ')} }`),
})).set;
const document = fc
  .tuple(
    fc.constantFrom('', 'query', 'query Q', 'mutation', 'query Q($v: Boolean)', 'query($v: Int!)'),
    selection,
    fc.option(selection, { nil: undefined }),
  )
  .map(([head, set, fragment]) => `${head} ${set}${fragment ? ` fragment F on Entry ${fragment}` : ''}`);

/** Bodies of every odd kind: random text as a query, JSON of any shape, odd members. */
const oddBody = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }).map((query) => JSON.stringify({ query })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  // (A string operationName that names no operation, and persisted-query extensions: see KNOWN below.)
  fc
    .record(
      {
        query: fc.oneof(fc.jsonValue(), fc.constant('{ __typename }')),
        variables: fc.jsonValue(),
        operationName: fc.jsonValue().filter((v) => typeof v !== 'string'),
        extensions: fc.jsonValue().filter((v) => !JSON.stringify(v ?? null).includes('persistedQuery')),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    '[]',
    '[{"query":"{ __typename }"},{"query":"{ __typename }"}]',
    '{"query":"query A { __typename } query B { __typename }"}',
    '{"query":"{ entries(first: 0) { edges { cursor } } }"}',
    '{"query":"{ entries(first: 2147483648) { edges { cursor } } }"}',
    '{"query":"{ entries(after: \\"garbage\\") { edges { cursor } } }"}',
    '{"query":"{ entry(id: \\"%ZZ\\") { id } }"}',
    '{"query":"{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }"}',
    '{"query":"{ __typename }"}',
  ),
);

describe('generated operations', () => {
  test('random operations over the schema get coded GraphQL errors or data, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        document,
        fc.option(fc.dictionary(fc.constantFrom('v', 'first', 'id', 'x'), fc.jsonValue({ maxDepth: 2 })), { nil: undefined }),
        async (query, variables) => {
          await hostile(t.url, { body: JSON.stringify({ query, variables }) });
        },
      ),
      { numRuns: RUNS(300) },
    );
  });

  test('random text, odd bodies and odd request shapes are 400s with codes', async () => {
    await fc.assert(
      fc.asyncProperty(oddBody, async (text) => {
        await hostile(t.url, { body: text });
      }),
      { numRuns: RUNS(300) },
    );
  });

  // GraphQL's own errors about the request carry no code: they are the client's mistakes, not bugs.
  test.each([
    ['an operationName that names no operation', '{"query":"{ __typename }","operationName":"Nope"}'],
    ['a subscription (the schema has none)', '{"query":"subscription { entries { edges { cursor } } }"}'],
    [
      'a persisted-query hash that does not match',
      '{"query":"{ __typename }","extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}',
    ],
  ])('%s is a coded client error', async (_name, body) => {
    const reply = await hostile(t.url, { body });
    expect(reply.status).toBeLessThan(500);
  });

  test('GET cannot run mutations, and methods other than GET and POST are 405', async () => {
    const mutation = encodeURIComponent('mutation { createEntry(input: { data: { name: "csrf" } }) { entry { id } } }');
    const get = await hostile(t.url, { method: 'GET', query: `query=${mutation}` });
    expect([400, 405]).toContain(get.status);
    for (const method of ['PUT', 'DELETE', 'PATCH']) expect((await hostile(t.url, { method, body: '{}' })).status).toBe(405);
    // A form post, as a cross-site page could send it: not JSON, refused.
    expect(
      (await hostile(t.url, { body: `query=${mutation}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
    ).toBe(415);
    expect(
      (
        await hostile(t.url, {
          body: JSON.stringify({ query: `{ entry(id: "${entryId}") { id } }` }),
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
  });

  test('a query over the body limit is 413', async () => {
    const reply = await hostile(t.url, { body: JSON.stringify({ query: `{ __typename ${' '.repeat(3 * 1024 * 1024)} }` }) });
    expect(reply.status).toBe(413);
  });

  test('the heap returns to its baseline after a batch of hostile requests', async () => {
    // Inputs are drawn first, so that the measure holds the server's memory, not the generator's.
    const inputs = [
      ...fc.sample(
        document.map((query) => JSON.stringify({ query })),
        RUNS(300),
      ),
      ...fc.sample(oddBody, RUNS(300)),
    ];
    const before = await settledHeapMiB();
    for (const body of inputs) await hostile(t.url, { body });
    const grew = (await settledHeapMiB()) - before;
    batchFigures.push(`${inputs.length} requests: ${grew.toFixed(1)} MiB`);
    // Apollo keeps parsed documents in a bounded cache (about 30 MiB); a leak would grow with every request.
    expect(grew).toBeLessThan(32);
  });
});

// The shapes are about GraphQL, not the database: they run once, in the SQLite run.
(testDatabase() === 'sqlite' ? describe : describe.skip)(
  'shapes that multiply work are refused quickly, and the server stays responsive',
  () => {
    let service: ServiceProcess;
    let dataDir: string;
    const start = async () => {
      service = await startServiceProcess(buildService(), {
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_SECRET,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'graphql.sqlite')}`,
      });
    };
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'entries-graphql-'));
      await start();
    }, 120_000);
    afterAll(async () => {
      await service?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** Sends the query; it must be refused (400) within DEADLINE_MS, and /healthz must answer at once afterwards. */
    async function refusedQuickly(query: string): Promise<number> {
      try {
        const reply = await hostile(service.url, { body: JSON.stringify({ query }) }, DEADLINE_MS);
        expect(reply.status).toBe(400);
        const health = await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(1000) });
        expect(health.status).toBe(200);
        return reply.ms;
      } catch (error) {
        // A server stuck on the query is replaced, so that the next case starts clean.
        await service.kill('SIGKILL');
        await start();
        throw error;
      }
    }

    const fragmentBomb = (n: number) =>
      `{ ...F${n} } fragment F0 on Query { __typename } ${Array.from({ length: n }, (_, i) => `fragment F${i + 1} on Query { ...F${i} ...F${i} __typename }`).join(' ')}`;
    const cases: [string, string][] = [
      [
        '10 000 aliases of a page',
        `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}: entries(first: 100) { edges { node { id data } } }`).join(' ')} }`,
      ],
      ['fragments doubling 30 times', fragmentBomb(30)],
      [
        'fragments doubling 60 times, spread through aliases',
        fragmentBomb(60).replace(
          '{ ...F60 }',
          `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: entries { edges { node { id } } }`).join(' ')} ...F60 }`,
        ),
      ],
      [
        'introspection 9 levels of types deep',
        '{ __schema { types { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } }',
      ],
      ['20 000 repeated directives', `{ __typename ${'@include(if: true) '.repeat(20_000)} }`],
      ['10 000 operations in one document', Array.from({ length: 10_000 }, (_, i) => `query Q${i} { __typename }`).join(' ')],
      ['20 000 variables', `query(${Array.from({ length: 20_000 }, (_, i) => `$v${i}: Int`).join(' ')}) { __typename }`],
      ['50 000 open braces', `{ entries { edges { node { id } } } ${'{'.repeat(50_000)} }`],
    ];
    test.each(cases)('%s', async (_name, query) => {
      await refusedQuickly(query);
    });

    // graphql-js's OverlappingFieldsCanBeMergedRule is quadratic in the fields that share a response name and
    // runs before the complexity limit: these documents (170 kB and 120 kB, far under the body limit) once
    // blocked the event loop for over 15 s. The parser's token bound now refuses them first.
    const repeated: [string, string][] = [
      ['5 000 repeats of one field', `{ ${'entries { edges { node { id } } } '.repeat(5_000)} }`],
      [
        '3 000 repeats of one field with different arguments',
        `{ ${Array.from({ length: 3_000 }, (_, i) => `entries(first: ${(i % 100) + 1}) { edges { cursor } }`).join(' ')} }`,
      ],
      ['20 000 repeats of __typename', `{ ${'__typename '.repeat(20_000)} }`],
    ];
    test.each(repeated)('%s', async (_name, query) => {
      await refusedQuickly(query);
    });
  },
);

describe('tokens of both workspaces', () => {
  test("a random UUID in node/entry is null or NOT_FOUND, never another workspace's entry", async () => {
    const other = await tokenFor(newWorkspace());
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), fc.constant(entryId), fc.constant(randomUUID())), async (id) => {
        tally.tried++;
        const response = await fetch(`${t.url}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query($id: ID!) { node(id: $id) { id } }', variables: { id } }),
        });
        const body = (await response.json()) as { data?: { node: unknown } };
        expect(body.data?.node ?? null).toBeNull();
      }),
      { numRuns: RUNS(30) },
    );
  });
});
