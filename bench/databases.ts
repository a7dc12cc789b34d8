import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';

export type DatabaseName = 'sqlite' | 'mariadb';

/** A fresh database for one run of the bench, and the environment that points the service at it. */
export interface BenchDatabase {
  name: DatabaseName;
  /** DATA_DIR (and DATABASE_URL for MariaDB) for the service, the seed command and the workers. */
  env: Record<string, string>;
  /** Where the service keeps its files (SQLite database, keys). */
  dataDir: string;
  describe: string;
  dispose(): Promise<void>;
}

const MARIADB_DATABASE = 'bench';

/** An empty SQLite database in a new temporary folder. */
export function sqliteDatabase(keep: boolean): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'entries-bench-'));
  return {
    name: 'sqlite',
    env: { DATA_DIR: dataDir },
    dataDir,
    describe: `SQLite (WAL, synchronous=FULL) in ${dataDir}`,
    async dispose() {
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * An empty MariaDB database (`bench` unless named) on the server of `serverUrl` (dropped and created again), or the
 * reason it cannot be had.
 */
export async function mariadbDatabase(
  serverUrl: string,
  keep: boolean,
  name = MARIADB_DATABASE,
): Promise<BenchDatabase | { unavailable: string }> {
  const url = new URL(serverUrl);
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      connectTimeout: 3000,
    });
  } catch (error) {
    return { unavailable: `MariaDB not reachable at ${url.host} (${(error as Error).message})` };
  }
  try {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const [rows] = await connection.query(
      'SELECT VERSION() AS version, @@innodb_flush_log_at_trx_commit AS flush, @@innodb_buffer_pool_size AS pool',
    );
    const info = (rows as { version: string; flush: number; pool: number }[])[0];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'entries-bench-'));
    url.pathname = `/${name}`;
    return {
      name: 'mariadb',
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      dataDir,
      describe: `MariaDB ${info.version} (innodb_flush_log_at_trx_commit=${info.flush}, buffer pool ${Math.round(info.pool / 2 ** 20)} MB), database ${name}`,
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
        if (keep) return;
        const again = await mysql.createConnection({
          host: url.hostname,
          port: Number(url.port || 3306),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
        });
        await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await again.end();
      },
    };
  } finally {
    await connection.end();
  }
}
