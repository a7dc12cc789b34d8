import type { DataSource } from 'typeorm';
import type { BoundedCount, CountFilters, EntryOverviewStore } from '../domain/entries/model/entry-overview-store';
import type { SqliteReaders } from './sqlite-readers';

type SqlRead = (sql: string, parameters: unknown[]) => Promise<unknown[]>;

/**
 * The folders in use and bounded counts, each read from the entries' own indexes: the folders by a loose index
 * scan of (workspace_id, folder, ...) that costs one index seek per folder, and a count by reading at most a
 * limit of index rows, so neither grows with the workspace.
 */
export class EntryOverviewRepository implements EntryOverviewStore {
  private readonly read: SqlRead;

  /** `readers`: SQLite's reader threads, where a count of tens of thousands of index rows is read off the HTTP thread. */
  constructor(
    private readonly dataSource: DataSource,
    readers?: SqliteReaders,
  ) {
    const here: SqlRead = (sql, parameters) => this.dataSource.query(sql, parameters) as Promise<unknown[]>;
    this.read = readers ? (sql, parameters) => readers.query(sql, parameters, here) : here;
  }

  async foldersInUse(workspaceId: string, max: number): Promise<string[]> {
    const folders: string[] = [];
    // Each step seeks past the previous folder in entries_workspace_folder_created: one seek per folder, however many entries each holds.
    let after = '';
    while (folders.length < max) {
      const rows = (await this.dataSource.query('SELECT MIN(folder) AS folder FROM entries WHERE workspace_id = ? AND folder > ?', [
        workspaceId,
        after,
      ])) as {
        folder: string | null;
      }[];
      const next = rows[0]?.folder;
      if (next === null || next === undefined) break;
      folders.push(next);
      after = next;
    }
    return folders;
  }

  async countEntries(workspaceId: string, filters: CountFilters, upTo: number, scanLimit: number): Promise<BoundedCount> {
    const where = ['workspace_id = ?'];
    const parameters: unknown[] = [workspaceId];
    if (filters.folder !== undefined) {
      where.push('folder = ?');
      parameters.push(filters.folder);
    }
    if (filters.createdAt !== undefined) {
      where.push(`created_at ${filters.ascending ? '>=' : '<='} ?`);
      parameters.push(filters.createdAt.getTime());
    }
    if (filters.state !== undefined && filters.folder === undefined) {
      where.push('state = ?');
      parameters.push(filters.state);
    }
    if (filters.state === undefined || filters.folder === undefined) {
      // One index holds exactly the rows that match: read at most one more than the count shows.
      const rows = (await this.read(
        `SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM entries WHERE ${where.join(' AND ')} LIMIT ${upTo + 1}) t`,
        parameters,
      )) as {
        n: number | string;
      }[];
      const n = Number(rows[0]?.n ?? 0);
      return { count: Math.min(n, upTo), more: n > upTo };
    }
    // Folder and state: the folder's rows, each checked for the state, at most scanLimit of them (which ones does not
    // matter to an "at least": no order, so no sort).
    const rows = (await this.read(
      `SELECT COUNT(*) AS scanned, COALESCE(SUM(CASE WHEN state = ? THEN 1 ELSE 0 END), 0) AS n FROM ` +
        `(SELECT state FROM entries WHERE ${where.join(' AND ')} LIMIT ${scanLimit}) t`,
      [filters.state, ...parameters],
    )) as { scanned: number | string; n: number | string }[];
    const n = Number(rows[0]?.n ?? 0);
    const scanned = Number(rows[0]?.scanned ?? 0);
    return { count: Math.min(n, upTo), more: n > upTo || scanned >= scanLimit };
  }
}
