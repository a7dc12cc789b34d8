import { party, startServer, type TestServer } from '../helpers/server';
import { heapPeakDuring, heavyBytes, makeHeavy } from '../helpers/heavy-parts';
import { apisFor, recordQueries } from './graphql-client';

/**
 * Issue 22: an entry whose files and meta rows hold megabytes of JSON each (stored before their caps), read
 * under 40 aliases. A read loads only what the answer shows, and what it shows counts against the data budget.
 */
let t: TestServer;
let apis: Awaited<ReturnType<typeof apisFor>>;
let heavyId: string;
beforeAll(async () => {
  t = await startServer();
  apis = await apisFor(t.url);
  heavyId = (await apis.rest.post('/silo/v1/entries', { data: party('Heavy parts') })).body.id;
  await makeHeavy(t.server.dataSource, apis.workspace, heavyId);
}, 120_000);
afterAll(() => t.close());

const aliased = (fields: string) => `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: entry(id: "${heavyId}") { ${fields} }`).join(' ')} }`;

/** Queries that read the rows of files or meta (their sizes, measured with OCTET_LENGTH, read none of them). */
const readingParts = (queries: string[]) => queries.filter((q) => /entry_attachments|entry_meta/.test(q) && !/OCTET_LENGTH\(/i.test(q));

describe('GraphQL reads load only what the answer shows (issue 22)', () => {
  test('40 aliases of an entry with heavy files and meta, selecting its id, read none of them', async () => {
    const recorder = recordQueries(t.server.dataSource);
    try {
      const { result: reply, peakMiB } = await heapPeakDuring(() => apis.gql.query(aliased('id version')));
      expect(reply.status).toBe(200);
      expect(reply.body.errors).toBeUndefined();
      expect(Object.keys(reply.body.data)).toHaveLength(40);
      expect(reply.body.data.a39).toEqual({ id: heavyId, version: expect.any(String) });
      expect(readingParts(recorder.queries)).toEqual([]);
      // The old read held every alias's 40 MiB of rows at once; reading the entry's row is a few KB.
      expect(peakMiB).toBeLessThan(100);
    } finally {
      recorder.restore();
    }
    // The server is still up and answers.
    expect((await apis.gql.query('{ entries(first: 1) { edges { node { id } } } }')).body.data.entries.edges).toHaveLength(1);
  });

  test('selected, heavy files and meta are refused payload-too-large per field, measured before any is read', async () => {
    expect(heavyBytes()).toBeGreaterThan(t.config.pageDataBudget);
    const recorder = recordQueries(t.server.dataSource);
    try {
      // Forty aliases are too large an operation to compile: graphql-js runs it, and reports the first error of
      // each alias (the entry is then null, its other field's error unreported). Every alias is refused.
      const { result: reply, peakMiB } = await heapPeakDuring(() =>
        apis.gql.query(aliased('id attachments { id meta } meta { key value }')),
      );
      expect(reply.status).toBe(200);
      expect(new Set(reply.body.errors.map((e: { path: string[] }) => e.path[0])).size).toBe(40);
      expect(new Set(reply.body.errors.map((e: { extensions: { key: string } }) => e.extensions.key))).toEqual(
        new Set(['payload-too-large']),
      );
      for (const error of reply.body.errors) expect(['attachments', 'meta']).toContain(error.path[1]);
      expect(JSON.stringify(reply.body).length).toBeLessThan(64 * 1024);
      expect(readingParts(recorder.queries)).toEqual([]);
      expect(peakMiB).toBeLessThan(100);
    } finally {
      recorder.restore();
    }
  });

  test("files and meta that fit are shown, and each alias that shows them pays for them from the request's budget", async () => {
    const small = await apisFor(t.url);
    const id = (await small.rest.post('/silo/v1/entries', { data: party('Light parts') })).body.id;
    // Files of 4 MiB and meta of 2 MiB under each of three aliases: 18 MiB, over the 16 MiB budget. Whichever
    // order the six fields are paid in, four or five fit; a refused field makes its alias null (the fields are non-null).
    await makeHeavy(t.server.dataSource, small.workspace, id, { files: 2, metaRows: 1, mib: 2 });
    const reply = await small.gql.query(
      `{ ${[0, 1, 2].map((i) => `a${i}: entry(id: "${id}") { attachments { id } meta { key } }`).join(' ')} }`,
    );
    const whole = { attachments: [{ id: 'heavy-0' }, { id: 'heavy-1' }], meta: [{ key: 'heavy-0' }] };
    expect(reply.body.errors.length).toBeGreaterThanOrEqual(1);
    expect(reply.body.errors.length).toBeLessThanOrEqual(2);
    expect(new Set(reply.body.errors.map((e: { extensions: { key: string } }) => e.extensions.key))).toEqual(
      new Set(['payload-too-large']),
    );
    const shown = Object.values(reply.body.data).filter((entry) => entry !== null);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    for (const entry of shown) expect(entry).toEqual(whole);
  });

  test('versions, attachments and meta of a page are read once per page, not once per entry', async () => {
    const page = await apisFor(t.url);
    for (let i = 0; i < 5; i++) await page.rest.post('/silo/v1/entries', { data: party(`Page ${i}`) });
    const recorder = recordQueries(t.server.dataSource);
    try {
      const reply = await page.gql.query(
        '{ entries(first: 5) { edges { node { id attachments { id } meta { key } versions { totalCount edges { node { version } } } } } } }',
      );
      expect(reply.body.errors).toBeUndefined();
      expect(reply.body.data.entries.edges).toHaveLength(5);
      for (const { node } of reply.body.data.entries.edges) expect(node.versions.totalCount).toBe(1);
      expect(recorder.queries.filter((q) => /entry_versions/.test(q)).length).toBeLessThanOrEqual(2);
      expect(recorder.queries.filter((q) => /entry_attachments|entry_meta/.test(q)).length).toBeLessThanOrEqual(2);
    } finally {
      recorder.restore();
    }
  });

  test('versions read with an entry are the newest 100; the connection pages on past them, totalCount counting them all', async () => {
    const id = (await apis.rest.post('/silo/v1/entries', { data: party('Many versions') })).body.id;
    // 105 versions stored, as an entry changed 104 times would have them.
    for (let seq = 1; seq <= 105; seq++) {
      await t.server.dataSource.query(
        'INSERT INTO entry_versions (workspace_id, entry_id, seq, version, at, invalid, signed, src, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [apis.workspace, id, seq, `v${String(seq).padStart(9, '0')}`, Date.now() + seq, 0, 0, 'api', '{}'],
      );
    }
    const page = (args: string) =>
      apis.gql.query(
        `{ entry(id: "${id}") { versions(${args}) { totalCount edges { node { version } } pageInfo { hasNextPage endCursor } } } }`,
      );
    const reply = await page('first: 100');
    expect(reply.body.errors).toBeUndefined();
    const { totalCount, edges, pageInfo } = reply.body.data.entry.versions;
    expect(totalCount).toBe(105);
    expect(edges).toHaveLength(100);
    expect(edges[0].node.version).toBe('v000000105');
    expect(edges[99].node.version).toBe('v000000006');
    expect(pageInfo.hasNextPage).toBe(true);

    const next = await page(`first: 3, after: "${pageInfo.endCursor}"`);
    expect(next.body.errors).toBeUndefined();
    expect(next.body.data.entry.versions.edges.map((e: { node: { version: string } }) => e.node.version)).toEqual([
      'v000000005',
      'v000000004',
      'v000000003',
    ]);
    expect(next.body.data.entry.versions.pageInfo.hasNextPage).toBe(true);
    const last = await page(`first: 3, after: "${next.body.data.entry.versions.pageInfo.endCursor}"`);
    expect(last.body.data.entry.versions.edges.map((e: { node: { version: string } }) => e.node.version)).toEqual([
      'v000000002',
      'v000000001',
    ]);
    expect(last.body.data.entry.versions.pageInfo.hasNextPage).toBe(false);
    expect(last.body.data.entry.versions.totalCount).toBe(105);

    const unknown = await page(`after: "${Buffer.from('item:nosuchversion').toString('base64url')}"`);
    expect(unknown.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
