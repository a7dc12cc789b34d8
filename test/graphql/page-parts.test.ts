import { party, startServer, type TestServer } from '../helpers/server';
import { apisFor, recordQueries } from './graphql-client';

/**
 * Files and meta rows of a page of entries: the page's part sizes are read in one statement before its entries'
 * fields are resolved, each entry's parts are paid for from them, and only the entries that have parts are read.
 * An entry without any answers `[]`, as REST shows none.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const PARTS = 'id attachments { id name } meta { key value }';

/** Six entries of one workspace, named for a search; the second and the fifth with a file and a meta row. */
async function mixedPage() {
  const apis = await apisFor(t.url);
  const ids: string[] = [];
  for (let n = 0; n < 6; n++) {
    const created = await apis.rest.post('/silo/v1/entries', { data: party(`Partsearch ${n} Ltd`) });
    expect(created.status).toBe(200);
    ids.push(created.body.id);
  }
  for (const id of [ids[1], ids[4]]) {
    const file = await apis.rest.post(`/silo/v1/entries/${id}/files`, {
      name: `${id}.txt`,
      mime: 'text/plain',
      data: Buffer.from('bytes').toString('base64'),
    });
    expect(file.status).toBe(200);
    expect((await apis.rest.put(`/silo/v1/entries/${id}/meta/colour`, { value: { name: 'teal', id } })).status).toBe(200);
  }
  return { ...apis, ids };
}

/** What REST shows of an entry's files and meta rows, in GraphQL's fields. */
async function restParts(rest: Awaited<ReturnType<typeof apisFor>>['rest'], id: string) {
  const entry = (await rest.get(`/silo/v1/entries/${id}`)).body;
  return {
    id,
    attachments: (entry.attachments ?? []).map((file: { id: string; name: string }) => ({ id: file.id, name: file.name })),
    meta: (entry.meta ?? []).map((row: { key: string; value: unknown }) => ({ key: row.key, value: row.value })),
  };
}

describe("a page's files and meta rows", () => {
  test('entries: each entry shows what REST shows, in one statement of sizes and one read of each part', async () => {
    const { gql, rest, ids } = await mixedPage();
    const queries = recordQueries(t.server.dataSource);
    let reply;
    try {
      reply = await gql.query(`{ entries(first: 10) { edges { node { ${PARTS} } } } }`);
    } finally {
      queries.restore();
    }
    expect(reply.body.errors).toBeUndefined();
    const nodes = reply.body.data.entries.edges.map((edge: { node: unknown }) => edge.node);
    expect(nodes).toEqual(await Promise.all([...ids].reverse().map((id) => restParts(rest, id))));
    expect(nodes.filter((node: { meta: unknown[] }) => node.meta.length > 0)).toHaveLength(2);
    // The sizes of both parts in one statement; each part read once, for the two entries that have it.
    expect(queries.queries.filter((sql) => /OCTET_LENGTH/i.test(sql) && /entry_attachments/.test(sql))).toHaveLength(1);
    expect(queries.queries.filter((sql) => /FROM [`"]?entry_attachments/i.test(sql) && !/OCTET_LENGTH/i.test(sql))).toHaveLength(1);
    expect(queries.queries.filter((sql) => /FROM [`"]?entry_meta/i.test(sql) && !/OCTET_LENGTH/i.test(sql))).toHaveLength(1);
  });

  test('aliases of a part are each shown and paid for; a page that selects no part reads no sizes', async () => {
    const { gql, rest, ids } = await mixedPage();
    const reply = await gql.query('{ entries(first: 10) { edges { node { id a: attachments { id } b: attachments { id } } } } }');
    expect(reply.body.errors).toBeUndefined();
    const withFile = reply.body.data.entries.edges.find((edge: { node: { id: string } }) => edge.node.id === ids[1]).node;
    const files = (await restParts(rest, ids[1])).attachments.map((file: { id: string }) => ({ id: file.id }));
    expect(withFile).toEqual({ id: ids[1], a: files, b: files });

    const queries = recordQueries(t.server.dataSource);
    try {
      expect((await gql.query('{ entries(first: 10) { edges { node { id } } } }')).body.errors).toBeUndefined();
    } finally {
      queries.restore();
    }
    expect(queries.queries.filter((sql) => /entry_attachments|entry_meta/.test(sql))).toEqual([]);
  });

  test('search: the entries found show their parts as REST shows them', async () => {
    const { gql, rest, ids } = await mixedPage();
    const reply = await gql.query(`{ search(q: "partsearch", limit: 10) { entries { ${PARTS} } } }`);
    expect(reply.body.errors).toBeUndefined();
    const found: { id: string }[] = reply.body.data.search.entries;
    expect(found.map((entry) => entry.id).sort()).toEqual([...ids].sort());
    for (const entry of found) expect(entry).toEqual(await restParts(rest, entry.id));
  });
});
