import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshMysqlDatabase } from './database-check';
import { MARIADB_URL, testDatabase } from './server';

/**
 * A database of a test's own, of the kind under test: a fresh database on the MariaDB server, or a SQLite file in
 * a new directory. `env` points a server at it; `drop` removes it.
 */
export async function ownDatabase(name: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (testDatabase() === 'mariadb') {
    const db = await freshMysqlDatabase(MARIADB_URL, `${name}_${randomUUID().slice(0, 8)}`);
    return { env: { DATABASE_URL: db.url }, drop: db.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `entries-${name}-`));
  return {
    env: { DATABASE_URL: `sqlite:${path.join(dir, 'entries.sqlite')}` },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
