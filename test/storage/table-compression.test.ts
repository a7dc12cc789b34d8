import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config';
import { openDataSource } from '../../src/storage/data-source';
import { COMPRESSED_TABLES, compressTables } from '../../src/storage/table-compression';
import { freshMysqlDatabase } from '../helpers/database-check';
import { runMigrateCli } from '../helpers/migrate-command';
import { invoice } from '../helpers/documents';
import { client, MARIADB_URL, newWorkspace, startServer, testDatabase, tokenFor } from '../helpers/server';

const compressedTables = async (dataSource: DataSource): Promise<string[]> =>
  (
    (await dataSource.query(
      'SELECT table_name AS name, create_options AS options FROM information_schema.TABLES WHERE table_schema = DATABASE() ORDER BY table_name',
    )) as { name: string; options: string }[]
  )
    .filter((row) => row.options.includes("`PAGE_COMPRESSED`='1'"))
    .map((row) => row.name);

/** On MariaDB the tables that grow with the entries are page-compressed: a new database's at once, others online. */
describe('compressed tables', () => {
  if (testDatabase() !== 'mariadb') {
    test('SQLite has no page compression: nothing is done', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'entries-compression-'));
      const dataSource = await openDataSource({ type: 'sqlite', file: path.join(dir, 'entries.sqlite') });
      try {
        const outcomes = await compressTables(dataSource);
        expect(outcomes.map((o) => o.outcome === 'left' && o.why)).toEqual(COMPRESSED_TABLES.map(() => 'not MariaDB'));
      } finally {
        await dataSource.destroy();
        rmSync(dir, { recursive: true, force: true });
      }
    });
    return;
  }

  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await freshMysqlDatabase(MARIADB_URL, `compress_${randomUUID().slice(0, 8)}`));
  });
  afterAll(() => drop());

  test('a new database has its tables compressed by its migrations', async () => {
    const dataSource = await openDataSource(loadConfig({ DATABASE_URL: url }).database);
    try {
      expect(await compressedTables(dataSource)).toEqual([...COMPRESSED_TABLES].sort());
      expect((await compressTables(dataSource)).every((o) => o.outcome === 'already')).toBe(true);
    } finally {
      await dataSource.destroy();
    }
  });

  test('tables holding rows are compressed online by npm run migrate, and every entry reads back the same', async () => {
    const t = await startServer({ DATABASE_URL: url });
    let before: string;
    let id: string;
    const token = await tokenFor(newWorkspace());
    try {
      const created = await client(t.url, token).post('/silo/v1/entries', { data: invoice() });
      expect(created.status).toBe(200);
      id = created.body.id;
      before = await (await fetch(`${t.url}/silo/v1/entries/${id}`, { headers: { authorization: `Bearer ${token}` } })).text();
    } finally {
      await t.close();
    }
    // As a database made before compression: its tables plain, with rows.
    const dataSource = await openDataSource(loadConfig({ DATABASE_URL: url }).database);
    try {
      for (const table of ['entries', 'entry_search_term']) await dataSource.query(`ALTER TABLE ${table} PAGE_COMPRESSED=0`);
      expect(await compressedTables(dataSource)).not.toContain('entries');

      const dir = mkdtempSync(path.join(tmpdir(), 'entries-compression-cli-'));
      const output = await runMigrateCli({ DATABASE_URL: url, DATA_DIR: dir }).finally(() => rmSync(dir, { recursive: true, force: true }));
      expect(output).toMatch(/^table entries compressed in \d+\.\d s$/m);
      expect(output).toMatch(/^table entry_search_term compressed in \d+\.\d s$/m);
      expect(output).not.toMatch(/table entry_refs/);
      expect(await compressedTables(dataSource)).toEqual([...COMPRESSED_TABLES].sort());
    } finally {
      await dataSource.destroy();
    }

    const after = await startServer({ DATABASE_URL: url });
    try {
      expect(await (await fetch(`${after.url}/silo/v1/entries/${id}`, { headers: { authorization: `Bearer ${token}` } })).text()).toBe(
        before,
      );
      const found = await client(after.url, token).get('/silo/v1/search?q=F-0001');
      expect(found.body.list.map((e: { id: string }) => e.id)).toEqual([id]);
    } finally {
      await after.close();
    }
  });

  test('a run stopped before a table leaves it as it was, and the next run compresses it', async () => {
    const dataSource = await openDataSource(loadConfig({ DATABASE_URL: url }).database);
    try {
      await dataSource.query('ALTER TABLE entries PAGE_COMPRESSED=0');
      const stop = new AbortController();
      stop.abort();
      const outcomes = await compressTables(dataSource, { signal: stop.signal });
      expect(outcomes).toEqual([]);
      expect(await compressedTables(dataSource)).not.toContain('entries');
      expect((await compressTables(dataSource)).find((o) => o.table === 'entries')).toMatchObject({ outcome: 'compressed' });
    } finally {
      await dataSource.destroy();
    }
  });
});
