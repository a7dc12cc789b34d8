import { createConnection } from 'mysql2/promise';
import { storedJson } from '../../src/storage/packed-json';

/** The little of better-sqlite3 used here (the package ships no types, and the service reaches it through TypeORM). */
interface SqliteDatabase {
  pragma(sql: string): unknown;
  pragma(sql: string, options: { simple: true }): unknown;
  prepare(sql: string): { all(...params: unknown[]): unknown[] };
  exec(sql: string): void;
  close(): void;
}
const Database = require('better-sqlite3') as new (file: string, options?: Record<string, unknown>) => SqliteDatabase;

/** A SQLite file's page size and journal mode, read through a connection of its own. */
export function sqliteLayout(file: string): { pageSize: number; journal: string } {
  const db = new Database(file, { readonly: true });
  try {
    return { pageSize: db.pragma('page_size', { simple: true }) as number, journal: db.pragma('journal_mode', { simple: true }) as string };
  } finally {
    db.close();
  }
}

/** A SQLite database in WAL mode with `pageSize`-byte pages and one table, as an earlier version made them (4096). */
export function makeSqliteFile(file: string, pageSize: number): void {
  const db = new Database(file);
  try {
    db.pragma(`page_size = ${pageSize}`);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE made_before (n INTEGER)'); // the first write fixes the page size
  } finally {
    db.close();
  }
}

export interface StoredRow {
  id: string;
  key: string | null;
  digest: string;
  data: string;
}

/** A row as read, its envelope packed (or, written before packing, as text). */
type PackedRow = Omit<StoredRow, 'data'> & { data: string; dataPacked: Buffer | null };
const withEnvelopeText = (row: unknown): StoredRow => {
  const { dataPacked, ...rest } = row as PackedRow;
  return { ...rest, data: storedJson({ data: rest.data, dataPacked })! };
};

/** Reads the database behind the service directly: its own integrity check, and the rows of a workspace. */
export interface DatabaseCheck {
  /** Problems the engine's integrity check reports; empty when it passes. */
  integrity(): Promise<string[]>;
  rows(workspaceId: string): Promise<StoredRow[]>;
  /** Keys and ids that appear more than once in the workspace (the unique indexes forbid it). */
  duplicates(workspaceId: string): Promise<string[]>;
  close(): Promise<void>;
}

const TABLES = ['entries', 'entry_attachments', 'entry_meta'];

/**
 * SQLite, read-only, while the service runs: WAL lets a reader in beside the writer, and a read-only
 * connection neither recovers nor checkpoints the log, so the service is the one that recovers after a kill.
 */
export function sqliteCheck(file: string): DatabaseCheck {
  const open = () => new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  const withDb = <T>(fn: (db: SqliteDatabase) => T): T => {
    const db = open();
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    async integrity() {
      return withDb((db) => {
        const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
        const foreign = (db.pragma('foreign_key_check') as unknown[]).map((r) => `foreign key: ${JSON.stringify(r)}`);
        return [...integrity.filter((r) => r !== 'ok'), ...foreign];
      });
    },
    async rows(workspaceId) {
      return withDb((db) =>
        db
          .prepare('SELECT id, entry_key AS key, digest_val AS digest, data, data_packed AS dataPacked FROM entries WHERE workspace_id = ?')
          .all(workspaceId)
          .map(withEnvelopeText),
      );
    },
    async duplicates(workspaceId) {
      return withDb((db) => [
        ...(
          db
            .prepare(
              'SELECT entry_key AS v FROM entries WHERE workspace_id = ? AND entry_key IS NOT NULL GROUP BY entry_key HAVING COUNT(*) > 1',
            )
            .all(workspaceId) as { v: string }[]
        ).map((r) => `key ${r.v}`),
        ...(
          db.prepare('SELECT id AS v FROM entries WHERE workspace_id = ? GROUP BY id HAVING COUNT(*) > 1').all(workspaceId) as {
            v: string;
          }[]
        ).map((r) => `id ${r.v}`),
      ]);
    },
    async close() {},
  };
}

/** MariaDB/MySQL: CHECK TABLE ... EXTENDED on every table, and plain reads. */
export async function mysqlCheck(url: string): Promise<DatabaseCheck> {
  const connection = await createConnection({ uri: url, supportBigNumbers: true });
  return {
    async integrity() {
      const [rows] = await connection.query(`CHECK TABLE ${TABLES.join(', ')} EXTENDED`);
      return (rows as { Table: string; Msg_type: string; Msg_text: string }[])
        .filter((r) => r.Msg_type === 'error' || (r.Msg_type === 'status' && r.Msg_text !== 'OK'))
        .map((r) => `${r.Table}: ${r.Msg_type} ${r.Msg_text}`);
    },
    async rows(workspaceId) {
      const [rows] = await connection.query(
        'SELECT id, entry_key AS `key`, digest_val AS digest, data, data_packed AS dataPacked FROM entries WHERE workspace_id = ?',
        [workspaceId],
      );
      return (rows as PackedRow[]).map(withEnvelopeText);
    },
    async duplicates(workspaceId) {
      const [keys] = await connection.query(
        'SELECT entry_key AS v FROM entries WHERE workspace_id = ? AND entry_key IS NOT NULL GROUP BY entry_key HAVING COUNT(*) > 1',
        [workspaceId],
      );
      const [ids] = await connection.query('SELECT id AS v FROM entries WHERE workspace_id = ? GROUP BY id HAVING COUNT(*) > 1', [
        workspaceId,
      ]);
      return [...(keys as { v: string }[]).map((r) => `key ${r.v}`), ...(ids as { v: string }[]).map((r) => `id ${r.v}`)];
    },
    async close() {
      await connection.end();
    },
  };
}

/** A database of its own on the MariaDB server of the tests, dropped afterwards. */
export async function freshMysqlDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(serverUrl);
  const admin = await createConnection({ uri: serverUrl });
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = await createConnection({ uri: serverUrl });
      await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.end();
    },
  };
}
