import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteReaders } from '../../src/storage/sqlite-readers';
import { testDatabase } from '../helpers/server';

/** The little of better-sqlite3 used here (the package ships no types). */
interface Connection {
  pragma(sql: string): unknown;
  exec(sql: string): void;
  prepare(sql: string): { run(...parameters: unknown[]): unknown; all(...parameters: unknown[]): unknown[] };
  close(): void;
}
const Database = require('better-sqlite3') as new (file: string) => Connection;

/** A read that must be answered by the reader thread, never where the caller is. */
const refuse = async (): Promise<unknown[]> => {
  throw new Error('read where the caller is');
};

/** SQLite's reader threads only exist on SQLite; on MariaDB this file has nothing to run. */
const onSqlite = testDatabase() === 'sqlite' ? describe : describe.skip;

onSqlite('SQLite reader threads', () => {
  let dir: string;
  let writer: Connection;
  let readers: SqliteReaders;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'readers-'));
    const file = path.join(dir, 'db.sqlite');
    writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    readers = new SqliteReaders(file);
  });
  afterAll(async () => {
    await readers.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a read sees every write committed before it, as the writing connection does', async () => {
    const insert = writer.prepare('INSERT INTO t (name) VALUES (?)');
    for (let i = 0; i < 5; i += 1) {
      insert.run(`n${i}`);
      const sql = 'SELECT id, name FROM t WHERE id > ? ORDER BY id';
      expect(await readers.query(sql, [0], refuse)).toEqual(writer.prepare(sql).all(0));
    }
  });

  test('more shapes of read than statements kept: each still answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => readers.query(`SELECT ${i} AS n, COUNT(*) AS c FROM t WHERE name <> ?`, ['x'], refuse)),
    );
    expect(answers.map((rows) => (rows as { n: number }[])[0].n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  test('a read-only connection: a write handed over is refused and the table is unchanged', async () => {
    const before = writer.prepare('SELECT COUNT(*) AS c FROM t').all();
    await expect(readers.query('DELETE FROM t WHERE id > ? RETURNING id', [0], refuse)).rejects.toThrow(/readonly|read-only/i);
    expect(writer.prepare('SELECT COUNT(*) AS c FROM t').all()).toEqual(before);
  });

  test('a thousand reads handed over at once: those past the line are read where the caller is, none refused', async () => {
    let here = 0;
    const atHome = async () => {
      here += 1;
      return [{ n: -1 }];
    };
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => readers.query(`SELECT ? AS n FROM t LIMIT 1`, [i], atHome)));
    expect(answers).toHaveLength(1000);
    // The line holds 256 waiting reads (and the one running): the rest went home, each answered.
    expect(here).toBeGreaterThan(600);
    expect(here).toBeLessThan(1000);
    expect(answers.filter((rows) => (rows as { n: number }[])[0].n >= 0)).toHaveLength(1000 - here);
  });
});
