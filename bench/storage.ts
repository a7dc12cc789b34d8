import mysql from 'mysql2/promise';
import { loadConfig } from '../src/config';

/** The little of better-sqlite3 used here (the package ships no types). */
interface SqliteConnection {
  prepare(sql: string): { all(): unknown[]; get(): unknown };
  close(): void;
}
const Database = require('better-sqlite3') as new (file: string, options: Record<string, unknown>) => SqliteConnection;

/** What the database holds after the seed: its size, indexes included, against the envelopes' JSON it stores. */
export interface StorageResult {
  entries: number;
  /** Bytes of envelope JSON, as the entries' texts. */
  envelopeBytes: number;
  /** Bytes the database uses: SQLite's pages in use (dbstat); on MariaDB the disk its tables' files take. */
  databaseBytes: number;
  /** Per table (with its indexes), bytes. */
  tables: Record<string, number>;
}

export const storageRatio = (s: StorageResult) => s.databaseBytes / s.envelopeBytes;

/** The seeded database's storage, measured from the service's own configuration (`env`). */
export async function measureStorage(env: Record<string, string>): Promise<StorageResult> {
  const { database } = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
  if (database.type === 'sqlite') {
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare('SELECT name, tbl_name AS tableName, SUM(pgsize) AS bytes FROM dbstat JOIN sqlite_schema USING (name) GROUP BY name')
        .all() as { name: string; tableName: string; bytes: number }[];
      const tables: Record<string, number> = {};
      for (const row of rows) {
        // The full-text index's shadow tables count with the search table they index.
        const table = /^entry_search_(fts|words)/.test(row.tableName) ? 'entry_search' : row.tableName;
        tables[table] = (tables[table] ?? 0) + row.bytes;
      }
      return { ...envelopeTotals(db.prepare(ENVELOPES).get() as EnvelopeRow), databaseBytes: sum(tables), tables };
    } finally {
      db.close();
    }
  }
  const connection = await mysql.createConnection({ uri: database.url });
  try {
    // The disk the tables' files take (page compression gives space back to the file system, which only the
    // allocated size shows), once every page is on disk: FLUSH TABLES … FOR EXPORT writes them out.
    const [names] = await connection.query(
      "SELECT table_name AS name FROM information_schema.TABLES WHERE table_schema = DATABASE() AND engine = 'InnoDB'",
    );
    const tableNames = (names as { name: string }[]).map((r) => r.name);
    await connection.query(`FLUSH TABLES ${tableNames.map((name) => `\`${name}\``).join(', ')} FOR EXPORT`);
    await connection.query('UNLOCK TABLES');
    const [sizes] = await connection.query(
      "SELECT SUBSTRING_INDEX(name, '/', -1) AS name, allocated_size AS bytes FROM information_schema.INNODB_SYS_TABLESPACES WHERE name LIKE CONCAT(DATABASE(), '/%')",
    );
    const tables = Object.fromEntries((sizes as { name: string; bytes: number | string }[]).map((r) => [r.name, Number(r.bytes)]));
    const [envelopes] = await connection.query(ENVELOPES);
    return { ...envelopeTotals((envelopes as EnvelopeRow[])[0]), databaseBytes: sum(tables), tables };
  } finally {
    await connection.end();
  }
}

const ENVELOPES = 'SELECT COUNT(*) AS entries, SUM(COALESCE(data_size, OCTET_LENGTH(data))) AS bytes FROM entries';
interface EnvelopeRow {
  entries: number | string;
  bytes: number | string | null;
}
const envelopeTotals = (row: EnvelopeRow) => ({ entries: Number(row.entries), envelopeBytes: Number(row.bytes ?? 0) });
const sum = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

/** One line: the size per entry and the ratio, with the largest tables. */
export function describeStorage(s: StorageResult): string {
  const perEntry = (bytes: number) => Math.round(bytes / Math.max(1, s.entries));
  const largest = Object.entries(s.tables)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, bytes]) => `${name} ${perEntry(bytes)} B`)
    .join(', ');
  return (
    `storage: ${(s.databaseBytes / 1048576).toFixed(1)} MiB for ${s.entries} entries, ${perEntry(s.databaseBytes)} B per entry ` +
    `against ${perEntry(s.envelopeBytes)} B of envelope JSON: ${storageRatio(s).toFixed(2)} × (largest: ${largest})`
  );
}
