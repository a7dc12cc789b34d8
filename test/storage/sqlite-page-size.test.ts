import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDataSource, SQLITE_PAGE_SIZE } from '../../src/storage/data-source';
import { makeSqliteFile, sqliteLayout } from '../helpers/database-check';
import { testDatabase } from '../helpers/server';

/** A new SQLite database is made with 16 KiB pages (or SQLITE_PAGE_SIZE's); one made with other pages keeps them and still opens and migrates. */
const describeOnSqlite = testDatabase() === 'mariadb' ? describe.skip : describe;

describeOnSqlite('SQLite page size', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'entries-page-size-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test(`a new database: ${SQLITE_PAGE_SIZE}-byte pages, in WAL mode`, async () => {
    const file = path.join(dir, 'new.sqlite');
    const dataSource = await openDataSource({ type: 'sqlite', file });
    await dataSource.destroy();
    expect(SQLITE_PAGE_SIZE).toBe(16384);
    expect(sqliteLayout(file)).toEqual({ pageSize: SQLITE_PAGE_SIZE, journal: 'wal' });
  });

  test('SQLITE_PAGE_SIZE chooses the pages of a new database', async () => {
    const file = path.join(dir, 'chosen.sqlite');
    const dataSource = await openDataSource({ type: 'sqlite', file, pageSize: 4096 });
    await dataSource.destroy();
    expect(sqliteLayout(file)).toEqual({ pageSize: 4096, journal: 'wal' });
  });

  test('a database made with 4 KiB pages keeps them: it opens, migrates and takes entries as before', async () => {
    const file = path.join(dir, 'older.sqlite');
    makeSqliteFile(file, 4096);
    const dataSource = await openDataSource({ type: 'sqlite', file });
    try {
      const [{ n }] = await dataSource.query('SELECT COUNT(*) AS n FROM entries');
      expect(n).toBe(0);
    } finally {
      await dataSource.destroy();
    }
    expect(sqliteLayout(file)).toEqual({ pageSize: 4096, journal: 'wal' });
  });
});
