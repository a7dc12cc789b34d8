import type { DataSource } from 'typeorm';
import { UUID_TERMS_AT, UUID_TERMS_TASK, UUID_TERMS_THROUGH } from '../../migrations/1764760000000-UuidSearchTerms';
import type { SearchTermsRule } from '../domain/entries/model/search-store';
import { searchRowSteps } from './entry-index-steps';
import { SEARCH_TABLE } from './search-index.repository';
import { runTransaction } from './sql-transaction';
import { markStorageTaskFinished, pauseBetweenSteps, storageTaskFinished, taskPosition, taskPositionStep } from './storage-task-marks';

export interface SearchTermsProgress {
  /** Search rows looked at by this run so far. */
  done: number;
  /** As many as were left when it began. */
  total: number;
}

export interface SearchTermsOptions {
  /** Search rows per transaction (default 200). */
  batch?: number;
  /** A pause between transactions, leaving the database to other work (the service's background run). */
  pauseMs?: number;
  /** Stops after the transaction under way. */
  signal?: AbortSignal;
  onProgress?: (progress: SearchTermsProgress) => void;
}

/**
 * Writes the search rows stored before UuidSearchTerms again by the terms rule of today (`termsOf`, the domain's),
 * a range of rids per transaction, from the entry and its meta rows as that transaction sees them
 * (searchRowSteps, as an update does): a row whose terms did not change stays as it is, and the others lose their
 * old terms from the index (SQLite's FTS5, MySQL's term table), whose space new rows then reuse. The place reached
 * is kept with each range, so a stopped run goes on from there; on MySQL the place is read with a lock, so two
 * processes take turns rather than do a range twice. True once it is all done.
 */
export async function writeSearchTermsAgain(
  dataSource: DataSource,
  termsOf: SearchTermsRule,
  options: SearchTermsOptions = {},
): Promise<boolean> {
  if (await storageTaskFinished(dataSource, UUID_TERMS_TASK)) return true;
  const batch = options.batch ?? 200;
  const through = await taskPosition(dataSource, UUID_TERMS_THROUGH);
  const start = await taskPosition(dataSource, UUID_TERMS_AT);
  const [{ n }] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${SEARCH_TABLE} WHERE rid > ? AND rid <= ?`, [start, through])) as {
    n: number | string;
  }[];
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return false;
    const looked = await runTransaction(dataSource, function* (mysql) {
      const [{ position: at }] = (yield taskPositionStep(UUID_TERMS_AT, mysql)) as { position: number | string }[];
      const rows = (yield {
        sql: `SELECT rid, workspace_id, entry_id FROM ${SEARCH_TABLE} WHERE rid > ? AND rid <= ? ORDER BY rid LIMIT ${batch}`,
        parameters: [Number(at), through],
      }) as { rid: number | string; workspace_id: string; entry_id: string }[];
      if (rows.length === 0) return undefined;
      for (const row of rows) yield* searchRowSteps(mysql, row.workspace_id, row.entry_id, termsOf);
      yield {
        sql: 'UPDATE storage_task_positions SET position = ? WHERE name = ?',
        parameters: [Number(rows[rows.length - 1].rid), UUID_TERMS_AT],
      };
      return rows.length;
    });
    if (looked === undefined) break;
    done += looked;
    options.onProgress?.({ done, total: Number(n) });
    await pauseBetweenSteps(options);
  }
  await markStorageTaskFinished(dataSource, UUID_TERMS_TASK);
  return true;
}
