import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig, type Config } from '../../src/config';
import { MIGRATIONS, dataSourceOptions, openDataSource } from '../../src/storage/data-source';
import { freshMysqlDatabase } from '../helpers/database-check';
import { MARIADB_URL, testDatabase } from '../helpers/server';
import { buildService } from '../helpers/service-process';

/**
 * Servers (processes) that open one database at once migrate it one at a time: each migration is applied once, whoever
 * applies it. A lock left by a server that died while migrating does not keep the next one from starting.
 */
describe('the migration lock', () => {
  let database: Config['database'];
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (testDatabase() === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `miglock_${randomUUID().slice(0, 8)}`);
      database = loadConfig({ DATABASE_URL: db.url }).database;
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'entries-miglock-'));
      database = { type: 'sqlite', file: path.join(dir, 'shared.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterEach(() => cleanup());

  async function appliedMigrations(): Promise<string[]> {
    const reader = new DataSource({ ...dataSourceOptions(database), migrations: [] } as never);
    await reader.initialize();
    try {
      return ((await reader.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((row) => row.name);
    } finally {
      await reader.destroy();
    }
  }

  test('four processes opening an empty database together apply each migration once', async () => {
    const dataSourceModule = path.join(path.dirname(buildService()), 'storage', 'data-source.js');
    const open = `require(${JSON.stringify(dataSourceModule)}).openDataSource(${JSON.stringify(database)}).then((d) => d.destroy())`;
    const exits = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<{ code: number | null; stderr: string }>((resolve) => {
            const child = spawn(process.execPath, ['-e', open], {
              env: { PATH: process.env.PATH, NODE_PATH: path.resolve('node_modules') },
            });
            let stderr = '';
            child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
            child.on('exit', (code) => resolve({ code, stderr }));
          }),
      ),
    );
    expect(exits).toEqual(Array.from({ length: 4 }, () => ({ code: 0, stderr: '' })));
    expect(await appliedMigrations()).toEqual(MIGRATIONS.map((m) => m.name));
  }, 120_000);

  test('a lock held by a process of this machine that is gone is taken over at once', async () => {
    const first = await openDataSource(database);
    // A server that died mid-migration: its process no longer exists (the largest pid Linux hands out is below 2^22).
    await first.query('INSERT INTO entries_migration_lease (name, holder, host, pid, taken_at) VALUES (?, ?, ?, ?, ?)', [
      'migrations',
      randomUUID(),
      hostname(),
      4_194_304 + 7,
      Date.now(),
    ]);
    await first.destroy();
    const started = Date.now();
    const next = await openDataSource(database);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(Number(((await next.query('SELECT COUNT(*) AS n FROM entries_migration_lease')) as { n: unknown }[])[0].n)).toBe(0);
    await next.destroy();
  }, 60_000);

  test('a fresh lock of a live process is waited for, not taken', async () => {
    const first = await openDataSource(database);
    const holder = randomUUID();
    // This very process stands in for another live server on this machine.
    await first.query('INSERT INTO entries_migration_lease (name, holder, host, pid, taken_at) VALUES (?, ?, ?, ?, ?)', [
      'migrations',
      holder,
      hostname(),
      process.ppid,
      Date.now(),
    ]);
    let opened = false;
    const next = openDataSource(database).then((d) => {
      opened = true;
      return d;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(opened).toBe(false);
    await first.query('DELETE FROM entries_migration_lease WHERE holder = ?', [holder]);
    await (await next).destroy();
    expect(opened).toBe(true);
    await first.destroy();
  }, 60_000);
});
