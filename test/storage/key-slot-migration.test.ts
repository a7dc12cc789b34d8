import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { CreateEntries1763700000000 } from '../../migrations/1763700000000-CreateEntries';
import { AddFiles1764000000000 } from '../../migrations/1764000000000-AddFiles';
import { loadConfig, type Config } from '../../src/config';
import { DuplicateEntryError } from '../../src/domain/entries/model/entry-store';
import { dataSourceOptions, openDataSource } from '../../src/storage/data-source';
import { EntryRepository } from '../../src/storage/entry.repository';
import { freshMysqlDatabase } from '../helpers/database-check';
import { MARIADB_URL, testDatabase } from '../helpers/server';
import { entryRecordOf } from '../../src/domain/entries/entry-record';

/**
 * Entries stored before the key-slot migration (one with a key, one without) are read back unchanged after it,
 * keys stay unique, and new keyless entries no longer share a value in the unique index.
 */
describe('the key-slot migration on an existing database', () => {
  let database: Config['database'];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (testDatabase() === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `keyslot_${randomUUID().slice(0, 8)}`);
      database = loadConfig({ DATABASE_URL: db.url }).database;
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'entries-keyslot-'));
      database = { type: 'sqlite', file: path.join(dir, 'old.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  test('old rows read back, keys stay unique, keyless rows get their own slot', async () => {
    // The schema as the two earlier migrations left it, with two rows written as the service then wrote them.
    const old = new DataSource({
      ...dataSourceOptions(database),
      migrations: [CreateEntries1763700000000, AddFiles1764000000000],
    } as never);
    await old.initialize();
    await old.runMigrations({ transaction: 'each' });
    const insert = `INSERT INTO entries (workspace_id, id, entry_key, folder, doc_schema, env_schema, state, signed, invalid, digest_alg, digest_val, snippet, tags, faults, data, created_at, updated_at)
      VALUES (?, ?, ?, 'parties', 'https://gobl.org/draft-0/org/party', 'https://gobl.org/draft-0/envelope', NULL, 0, 0, 'sha256', ?, '{"title":"x"}', '[]', '[]', ?, ?, ?)`;
    const keyed = randomUUID();
    const keyless = randomUUID();
    const data = (name: string) => JSON.stringify({ $schema: 'https://gobl.org/draft-0/envelope', doc: { name } });
    await old.query(insert, ['ws', keyed, 'invoice-1', 'a'.repeat(64), data('Keyed'), 1000, 1000]);
    await old.query(insert, ['ws', keyless, null, 'b'.repeat(64), data('Keyless'), 2000, 2000]);
    await old.destroy();

    const migrated = await openDataSource(database);
    try {
      const entries = new EntryRepository(migrated);
      const byKey = await entries.findByKey('ws', 'invoice-1', { withData: true });
      expect(byKey).toMatchObject({ id: keyed, key: 'invoice-1', digest: { val: 'a'.repeat(64) } });
      expect(JSON.parse(byKey!.dataJson!)).toEqual(JSON.parse(data('Keyed')));
      const withoutKey = await entries.findById('ws', keyless, { withData: true });
      expect(withoutKey?.key).toBeUndefined();
      expect(JSON.parse(withoutKey!.dataJson!)).toEqual(JSON.parse(data('Keyless')));
      expect(await entries.findByKey('ws', `\u0001${keyless}`, { withData: false })).toBeUndefined();

      const slots = (await migrated.query('SELECT id, key_slot FROM entries ORDER BY created_at')) as { id: string; key_slot: string }[];
      expect(slots).toEqual([
        { id: keyed, key_slot: 'invoice-1' },
        { id: keyless, key_slot: `\u0001${keyless}` },
      ]);

      // New entries: the key is still unique; keyless ones do not collide.
      const template = { ...withoutKey!, dataJson: data('New') };
      await entries.insert([entryRecordOf({ ...template, id: randomUUID(), key: undefined })]);
      await entries.insert([entryRecordOf({ ...template, id: randomUUID(), key: undefined })]);
      await expect(entries.insert([entryRecordOf({ ...template, id: randomUUID(), key: 'invoice-1' })])).rejects.toEqual(
        new DuplicateEntryError('key'),
      );
    } finally {
      await migrated.destroy();
    }
  });
});
