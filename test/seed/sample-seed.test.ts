import { digestOf } from '../../src/document/head/header';
import type { JsonObject } from '../../src/document';
import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { EntryRepository } from '../../src/storage/entry.repository';
import { seedSampleEntries } from '../../src/seed/sample-seed';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/** npm run seed -- --count N: sample entries made on worker threads, written here in order. */
let t: TestServer;
let importer: EntryImporter;
beforeAll(async () => {
  t = await startServer();
  importer = new EntryImporter(new EntryRepository(t.server.dataSource));
});
afterAll(() => t.close());

const NEWEST = new Date('2026-11-20T12:00:00Z');
const COUNT = 450;
const timeOf = (index: number) => NEWEST.getTime() - (COUNT - 1 - index) * 1000;

describe('seedSampleEntries', () => {
  const workspace = newWorkspace();
  const progress: number[] = [];
  beforeAll(async () => {
    const stored = await seedSampleEntries(t.server.dataSource, importer, {
      workspace,
      count: COUNT,
      batchSize: 40,
      threads: 2,
      newest: NEWEST,
      onBatch: ({ imported }) => progress.push(imported),
    });
    expect(stored).toBe(COUNT);
  });

  test('batches are written oldest first, whichever thread made them: row order follows time', async () => {
    expect(progress).toEqual([...Array.from({ length: 11 }, (_, i) => (i + 1) * 40), COUNT]);
    const rows: { created_at: number | string }[] = await t.server.dataSource.query(
      'SELECT created_at FROM entry_search WHERE workspace_id = ? ORDER BY rid',
      [workspace],
    );
    expect(rows.map((row) => Number(row.created_at))).toEqual(Array.from({ length: COUNT }, (_, i) => timeOf(i)));
  });

  test('the entries list, read and are found as created ones, each with the digest of its own document', async () => {
    const api = client(t.url, await tokenFor(workspace));
    const page = await api.get('/silo/v1/entries?limit=100');
    expect(page.status).toBe(200);
    expect(page.body.list.map((e: { created_at: string }) => Date.parse(e.created_at))).toEqual(
      Array.from({ length: 100 }, (_, i) => timeOf(COUNT - 1 - i)),
    );
    const purchases = await api.get('/silo/v1/entries?limit=100&folder=purchases');
    expect(purchases.body.list).toHaveLength(90); // two in ten

    // The 448th entry (index 447) is a purchase invoice numbered 000448, copied by a thread.
    const found = await api.get('/silo/v1/search?q=000448');
    expect(found.status).toBe(200);
    expect(found.body.list).toHaveLength(1);
    const entry = (await api.get(`/silo/v1/entries/${found.body.list[0].id}`)).body;
    expect(entry).toMatchObject({ folder: 'purchases', created_at: new Date(timeOf(447)).toISOString() });
    expect(entry.data.doc.code).toBe('000448');
    expect(entry.data.head.uuid).toBe(entry.id);
    expect(entry.digest).toEqual(digestOf(entry.data.doc as JsonObject));
    expect(entry.data.head.dig).toEqual(entry.digest);
  });

  test('a thread makes the very entry the series makes in this thread, but for its ids', async () => {
    const api = client(t.url, await tokenFor(workspace));
    const page = await api.get('/silo/v1/entries?limit=3');
    const inThread: JsonObject[] = [];
    for await (const entry of sampleEntries(importer, workspace, COUNT, { newest: NEWEST })) inThread.push(entry as unknown as JsonObject);
    for (const [i, listed] of (page.body.list as { id: string }[]).entries()) {
      const seeded = (await api.get(`/silo/v1/entries/${listed.id}`)).body;
      const expected = inThread[COUNT - 1 - i] as unknown as {
        data: { head: JsonObject; doc: JsonObject };
        snippet: unknown;
        folder: string;
      };
      const withoutIds = (envelope: { head: JsonObject; doc: JsonObject }) => ({
        ...envelope,
        head: { ...envelope.head, uuid: '', dig: '' },
        doc: { ...envelope.doc, uuid: '' },
      });
      expect(withoutIds(seeded.data)).toEqual(withoutIds(expected.data));
      expect(seeded.folder).toBe(expected.folder);
    }
  });
});
