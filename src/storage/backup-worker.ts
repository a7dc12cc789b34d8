/** The little of better-sqlite3 used here (the package ships no types; the service reaches it through TypeORM). */
interface Connection {
  pragma(text: string): unknown;
  prepare(sql: string): { run(...parameters: unknown[]): unknown };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (file: string, options: Record<string, unknown>) => Connection;

/** What the backup command hands its thread: the database to copy and the file to copy it into. */
export interface BackupJob {
  source: string;
  partial: string;
  /** The copy's page size: a new database's, as the service makes them (SQLITE_PAGE_SIZE), whatever the source's. */
  pageSize: number;
}

/**
 * `VACUUM INTO` on a thread of its own, with a connection of its own: the statement holds its thread until the copy
 * is written, and the command's thread stays free to show how far the file has grown. Read-only: a backup writes
 * nothing to the database, and waits for a writer's lock no longer than the service's own connections would.
 */
export default function backUp({ source, partial, pageSize }: BackupJob): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma(`page_size = ${pageSize}`);
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
}
