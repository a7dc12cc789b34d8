import { party, startServer, type TestServer } from '../helpers/server';
import { storeAttachmentsAndMeta } from '../helpers/entry-extras';
import { CreateEntryDocument, ListEntriesDocument } from './generated/graphql';
import { apisFor, linksUpToExpiry, recordQueries, restShape } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** A workspace with `count` entries, each with two attachments and two meta records. */
async function workspaceWith(count: number) {
  const apis = await apisFor(t.url);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const reply = await apis.gql.run(CreateEntryDocument, { input: { data: party(`Party ${i}`) } });
    ids.push(reply.body.data!.createEntry.entry.id);
  }
  await storeAttachmentsAndMeta(t.server.dataSource, apis.workspace, ids);
  return apis;
}

describe('what a page reads from the database', () => {
  test('data is not read when not selected; when selected, one query reads it for the whole page', async () => {
    const { gql } = await workspaceWith(12);
    const log = recordQueries(t.server.dataSource);
    try {
      const without = await gql.run(ListEntriesDocument, { first: 10, withData: false });
      expect(without.body.errors).toBeUndefined();
      expect(without.body.data!.entries.edges).toHaveLength(10);
      expect(without.body.data!.entries.edges[0].node).not.toHaveProperty('data');
      expect(log.queries.length).toBeGreaterThan(0);
      expect(log.readingData()).toEqual([]);
      expect(log.measuringData()).toEqual([]);

      log.clear();
      const withData = await gql.run(ListEntriesDocument, { first: 10, withData: true });
      const nodes = withData.body.data!.entries.edges.map((e) => e.node);
      expect(nodes.every((n) => (n.data as any)?.head?.uuid === n.id)).toBe(true);
      expect(log.readingData()).toHaveLength(1); // DataLoader: one batch for the 10 entries
      expect(log.measuringData()).toHaveLength(1); // their sizes, against the data budget, in one query too
    } finally {
      log.restore();
    }
  });

  test('attachments, meta and versions of a page come in one query each, however long the page', async () => {
    const { gql, rest } = await workspaceWith(30);
    const log = recordQueries(t.server.dataSource);
    try {
      const counts: number[] = [];
      for (const first of [1, 10, 30]) {
        log.clear();
        const reply = await gql.run(ListEntriesDocument, { first });
        expect(reply.body.errors).toBeUndefined();
        expect(reply.body.data!.entries.edges).toHaveLength(first);
        counts.push(log.queries.length);
      }
      expect(new Set(counts).size).toBe(1); // the same number of queries for 1, 10 and 30 entries
      expect(counts[0]).toBeLessThanOrEqual(5); // entries, the sizes of files and meta (for the data budget), attachments, meta, versions
    } finally {
      log.restore();
    }
    const page = await gql.run(ListEntriesDocument, { first: 30 });
    const node = page.body.data!.entries.edges[0].node;
    expect(node.attachments).toEqual([
      {
        id: 'att-1',
        entryId: node.id,
        name: 'file-1.pdf',
        desc: 'first',
        mime: 'application/pdf',
        size: 1000,
        hash: 'sha256:1',
        stored: true,
        url: expect.stringMatching(`^${t.url}/silo/v1/entries/${node.id}/files/att-1/download\\?expires=`),
        meta: { pages: 1 },
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: 'att-2', desc: null, size: 2000 }),
    ]);
    expect(node.meta.map((m) => m.id)).toEqual([`${node.id}:erp:k1`, `${node.id}:erp:k2`]);
    expect(node.meta[1]).toMatchObject({
      src: 'erp',
      key: 'k2',
      value: { n: 2 },
      ownerId: 'owner-1',
      owned: true,
      indexed: false,
      linkScope: null,
      linkUrl: 'https://example.com/x',
    });
    // The same records, field for field, as REST lists them.
    const restPage = await rest.get('/silo/v1/entries?limit=30');
    expect(linksUpToExpiry(page.body.data!.entries.edges.map((e) => restShape(e.node)))).toEqual(linksUpToExpiry(restPage.body.list));
  });

  test('a single entry, by id, key or node, reads data only when it is selected', async () => {
    const { gql } = await workspaceWith(1);
    const created = await gql.run(CreateEntryDocument, { input: { data: party('Single'), key: 'single' } });
    const id = created.body.data!.createEntry.entry.id;
    const log = recordQueries(t.server.dataSource);
    try {
      for (const query of [
        `{ entry(id: "${id}") { id folder } }`,
        '{ entryByKey(key: "single") { id } }',
        `{ node(id: "${id}") { id } }`,
      ]) {
        log.clear();
        const reply = await gql.query(query);
        expect(reply.body.errors).toBeUndefined();
        expect(log.queries.length).toBeGreaterThan(0);
        expect(log.readingData()).toEqual([]);
      }
      log.clear();
      const withData = await gql.query(`{ entry(id: "${id}") { id data } }`);
      expect(withData.body.data.entry.data.doc.name).toBe('Single');
      expect(log.readingData()).toHaveLength(1);
      expect(log.measuringData()).toHaveLength(1);
    } finally {
      log.restore();
    }
  });
});
