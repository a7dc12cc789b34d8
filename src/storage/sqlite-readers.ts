import { Piscina } from 'piscina';
import { workerEntry } from '../worker-entry';
import type { SqlRead } from './related-page';
import type { SqliteRead } from './sqlite-reader-worker';

/**
 * Reads that may wait for SQLite's reader thread: past them a read runs on the HTTP thread as before, so the line
 * never grows without a bound and a read is never refused for want of a place in it.
 */
const READS_WAITING = 256;

/**
 * Threads with read-only connections of their own to the SQLite file, for the few reads that cost milliseconds of
 * SQLite's time however they are written (a related list's page when its document names thousands of UUIDs).
 * better-sqlite3 runs a query on the calling thread: on the HTTP thread such a read holds every other tenant's
 * request for as long. In WAL mode a reader on another connection sees every write committed before it starts, as
 * the HTTP thread's own connection does.
 */
export class SqliteReaders {
  private readonly pool: Piscina<SqliteRead, unknown[]>;

  constructor(file: string, threads = 1) {
    this.pool = new Piscina({
      ...workerEntry(__dirname, 'sqlite-reader-worker', { file }),
      minThreads: threads,
      maxThreads: threads,
      maxQueue: READS_WAITING,
      idleTimeout: Number.MAX_SAFE_INTEGER,
    });
  }

  /**
   * Rows of one SELECT: read on a reader thread when its line has room, else by `here` (the caller's own
   * connection). The check and the hand-over run with no await between them: a line found with room is the line
   * the read joins, however many reads of one request arrive at once (piscina would refuse one past maxQueue).
   */
  query(sql: string, parameters: unknown[], here: SqlRead): Promise<unknown[]> {
    if (this.pool.queueSize >= READS_WAITING) return here(sql, parameters);
    return this.pool.run({ sql, parameters });
  }

  /** Reads handed over and answered (for tests). */
  get completed(): number {
    return this.pool.completed;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
