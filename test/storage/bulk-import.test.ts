import { EntryImporter } from '../../src/domain/transfer/entry-import';
import { envelopeOf } from '../../src/domain/entries/model/entry';
import { DuplicateEntryError } from '../../src/domain/entries/model/entry-store';
import { sampleEntries } from '../../src/domain/transfer/sample-entries';
import { EntryRepository } from '../../src/storage/entry.repository';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { entryRecordOf } from '../../src/domain/entries/entry-record';

/** Bulk import (npm run seed): entries written a batch at a time read back exactly as the API serves created ones. */
let t: TestServer;
let repository: EntryRepository;
let importer: EntryImporter;
beforeAll(async () => {
  t = await startServer();
  repository = new EntryRepository(t.server.dataSource);
  importer = new EntryImporter(repository);
});
afterAll(() => t.close());

const collect = async <T>(items: AsyncIterable<T>) => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('bulk import', () => {
  test('a batch insert stores entries that list and fetch like created ones, newest first', async () => {
    const workspace = newWorkspace();
    const entries = await collect(sampleEntries(importer, workspace, 450, { templates: 20, newest: new Date('2026-11-20T12:00:00Z') }));
    await importer.store(entries); // more rows than one INSERT statement takes
    const api = client(t.url, await tokenFor(workspace));

    const page = await api.get('/silo/v1/entries?limit=100');
    expect(page.status).toBe(200);
    expect(page.body.list.map((e: { id: string }) => e.id)).toEqual(
      entries
        .slice(-100)
        .reverse()
        .map((e) => e.id),
    );

    const last = entries[entries.length - 1];
    const fetched = await api.get(`/silo/v1/entries/${last.id}`);
    expect(fetched.body).toMatchObject({ id: last.id, folder: last.folder, digest: last.digest, snippet: last.snippet });
    expect(fetched.body.data).toEqual(last.data);
    expect(fetched.body.created_at).toBe(last.createdAt.toISOString());

    const purchases = await api.get('/silo/v1/entries?limit=100&folder=purchases');
    expect(purchases.body.list).toHaveLength(90); // two in ten
  });

  test('a batch with a taken id stores nothing and names the id', async () => {
    const workspace = newWorkspace();
    const [first, second] = await collect(sampleEntries(importer, workspace, 2, { templates: 1 }));
    await repository.insert([entryRecordOf(first)]);
    await expect(importer.store([second, first])).rejects.toEqual(new DuplicateEntryError('id'));
    expect(await repository.findById(workspace, second.id, { withData: false })).toBeUndefined();
  });

  test('importBodies runs each body through the create path and refuses what createEntry refuses', async () => {
    const workspace = newWorkspace();
    const bodies = [
      { key: 'party-1', data: { $schema: 'https://gobl.org/draft-0/org/party', name: 'One' } },
      { key: 'party-2', data: { $schema: 'https://gobl.org/draft-0/org/party', name: 'Two' } },
    ];
    expect(await importer.importBodies(workspace, bodies, { batchSize: 1 })).toEqual({ imported: 2 });
    const stored = await repository.findByKey(workspace, 'party-2', { withData: true });
    expect(stored && envelopeOf(stored)?.doc.name).toBe('Two');
    await expect(importer.importBodies(workspace, [{ data: { $schema: 'https://gobl.org/draft-0/nothing' } }])).rejects.toMatchObject({
      key: 'unknown-schema',
    });
  });
});
