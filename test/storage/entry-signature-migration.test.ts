import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../src/config';
import { MIGRATIONS, dataSourceOptions, openDataSource } from '../../src/storage/data-source';
import { EntryRepository } from '../../src/storage/entry.repository';
import { freshMysqlDatabase } from '../helpers/database-check';
import { MARIADB_URL, testDatabase } from '../helpers/server';
import { entryRecordOf } from '../../src/domain/entries/entry-record';

/**
 * A signed entry stored before entries kept their signature verdict reads back unchanged and without one
 * (its signatures were all verified then); entries stored after it keep theirs.
 */
describe('the entry-signature migration on an existing database', () => {
  let database: Config['database'];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (testDatabase() === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `entrysig_${randomUUID().slice(0, 8)}`);
      database = loadConfig({ DATABASE_URL: db.url }).database;
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'entries-signature-'));
      database = { type: 'sqlite', file: path.join(dir, 'old.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  test('an old signed row has no verdict; a new one keeps its verdict', async () => {
    const before = MIGRATIONS.filter((migration) => migration.name !== 'EntrySignature1764640000000');
    expect(before).toHaveLength(MIGRATIONS.length - 1);
    const old = new DataSource({ ...dataSourceOptions(database), migrations: before } as never);
    await old.initialize();
    await old.runMigrations({ transaction: 'each' });
    const id = randomUUID();
    const data = JSON.stringify({
      $schema: 'https://gobl.org/draft-0/envelope',
      head: { uuid: id },
      doc: { name: 'Old' },
      sigs: ['a.b.c'],
    });
    await old.query(
      `INSERT INTO entries (workspace_id, id, entry_key, key_slot, folder, doc_schema, env_schema, state, signed, invalid, digest_alg, digest_val, snippet, tags, faults, data, created_at, updated_at)
       VALUES ('ws', ?, NULL, ?, 'parties', 'https://gobl.org/draft-0/org/party', 'https://gobl.org/draft-0/envelope', NULL, 1, 0, 'sha256', ?, '{"title":"Old"}', '[]', '[]', ?, 1000, 1000)`,
      [id, `\u0001${id}`, 'a'.repeat(64), data],
    );
    await old.destroy();

    const migrated = await openDataSource(database);
    try {
      const entries = new EntryRepository(migrated);
      const stored = await entries.findById('ws', id, { withData: true });
      expect(stored).toMatchObject({ id, signed: true, digest: { val: 'a'.repeat(64) } });
      expect(stored).not.toHaveProperty('signature');
      expect(stored!.dataJson).toBe(data);

      const verdict = {
        verified: false,
        sigs: [{ kid: 'k-1', by: 'unknown' as const, verified: false, problem: 'was made with a key the service does not know' }],
      };
      const newer = { ...stored!, id: randomUUID(), signature: verdict, createdAt: new Date(2000) };
      await entries.insert([entryRecordOf(newer)]);
      expect((await entries.findById('ws', newer.id, { withData: false }))?.signature).toEqual(verdict);
      expect((await entries.list('ws', { limit: 10 })).map((e) => e.signature)).toEqual([verdict, undefined]);
    } finally {
      await migrated.destroy();
    }
  });
});
