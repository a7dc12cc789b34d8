import type { DataSource } from 'typeorm';
import { CONTENTLESS_TASK, NEW_FTS_TABLE, OLD_FTS_TABLE, contentlessSwitch } from '../../migrations/1764750000000-ContentlessSearch';
import { SEARCH_TABLE, termsDigest } from './search-index.repository';
import { runTransaction, type Step } from './sql-transaction';
import { markStorageTaskFinished, pauseBetweenSteps, storageTaskFinished, taskPosition, taskPositionStep } from './storage-task-marks';

/**
 * Finishes the ContentlessSearch migration on SQLite, in steps that each hold the write lock briefly, resumable
 * from where a stopped run left them (several processes may run it at once: each step checks where things stand
 * inside its own transaction):
 * 1. `index`: the search rows stored before the migration are put in the new, contentless index, a range of rids
 *    at a time (rows written since are there already, by trigger); the place reached is kept with each range.
 * 2. The indexes swap names and triggers, in one short transaction: searches use the new index from then on.
 * 3. `clear`: each older row is written again without its terms text, with their digest, a batch at a time.
 * 4. `drop`: the old index's pages are freed a batch at a time, then the emptied index dropped.
 */
export type ContentlessStep = 'index' | 'clear' | 'drop';

export interface ContentlessProgress {
  step: ContentlessStep;
  /** Rows (index, clear) or index blocks (drop) done by this run so far. */
  done: number;
  /** As many as there were when the step began. */
  total: number;
}

const OLD_DATA_TABLE = `${OLD_FTS_TABLE}_data`;

export interface ContentlessOptions {
  /** Search rows per step (default 1000); the old index's blocks are freed a quarter as many at a time. */
  batch?: number;
  /** A pause between steps, leaving the database to other work (the service's background run). */
  pauseMs?: number;
  /** Stops after the step under way. */
  signal?: AbortSignal;
  onProgress?: (progress: ContentlessProgress) => void;
}

/** Runs what is left of the change to a contentless index; true once it is all done (always on MySQL, which has none). */
export async function buildContentlessSearch(dataSource: DataSource, options: ContentlessOptions = {}): Promise<boolean> {
  if (dataSource.options.type === 'mysql' || (await storageTaskFinished(dataSource, CONTENTLESS_TASK))) return true;
  const batch = options.batch ?? 1000;
  const pause = () => pauseBetweenSteps(options);
  if (await exists(dataSource, NEW_FTS_TABLE)) {
    if (!(await indexOldRows(dataSource, batch, pause, options))) return false;
    await runTransaction(dataSource, function* () {
      // Another process may have swapped them since this one looked.
      const [pending] = (yield existsStep(NEW_FTS_TABLE)) as unknown[];
      if (pending) for (const sql of contentlessSwitch(true)) yield { sql, parameters: [] };
    });
  }
  if (!(await clearOldTerms(dataSource, batch, pause, options))) return false;
  if (!(await dropOldIndex(dataSource, Math.max(1, Math.floor(batch / 4)), pause, options))) return false;
  await markStorageTaskFinished(dataSource, CONTENTLESS_TASK);
  return true;
}

type Pause = () => Promise<void>;

/** Step 1; false when stopped before the end. */
async function indexOldRows(dataSource: DataSource, batch: number, pause: Pause, options: ContentlessOptions): Promise<boolean> {
  const through = await taskPosition(dataSource, THROUGH);
  const start = await taskPosition(dataSource, AT);
  const [{ n }] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${SEARCH_TABLE} WHERE rid > ? AND rid <= ?`, [start, through])) as {
    n: number;
  }[];
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return false;
    const moved = await runTransaction(dataSource, function* () {
      const [{ position: at }] = (yield taskPositionStep(AT)) as { position: number }[];
      if (at >= through) return undefined;
      const [{ last }] = (yield {
        sql: `SELECT MAX(rid) AS last FROM (SELECT rid FROM ${SEARCH_TABLE} WHERE rid > ? AND rid <= ? ORDER BY rid LIMIT ${batch})`,
        parameters: [at, through],
      }) as { last: number | null }[];
      const end = last ?? through;
      const inserted = (yield {
        sql: `INSERT INTO ${NEW_FTS_TABLE}(rowid, terms) SELECT rid, terms FROM ${SEARCH_TABLE} WHERE rid > ? AND rid <= ?`,
        parameters: [at, end],
      }) as { changes: number };
      yield { sql: 'UPDATE storage_task_positions SET position = ? WHERE name = ?', parameters: [end, AT] };
      return inserted.changes;
    });
    if (moved === undefined) return true;
    done += moved;
    options.onProgress?.({ step: 'index', done, total: Number(n) });
    await pause();
  }
}

const ROW_COLUMNS = 'rid, workspace_id, entry_id, folder, created_at, term_count, terms, terms_digest';
type SearchRowText = {
  rid: number;
  workspace_id: string;
  entry_id: string;
  folder: string;
  created_at: number;
  term_count: number;
  terms: string;
};

/**
 * Step 3: the rows written before the swap, which still hold their terms text, written again with the same rids:
 * deleted (their terms leave the index by rowid) and inserted (the trigger puts the terms back in the index and
 * clears the text), their digest beside them. Rewritten rather than updated so that their pages fill again: a
 * row that only lost its text would leave its page nine tenths empty until a VACUUM.
 */
async function clearOldTerms(dataSource: DataSource, batch: number, pause: Pause, options: ContentlessOptions): Promise<boolean> {
  const [{ n }] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${SEARCH_TABLE} WHERE terms <> ''`)) as { n: number }[];
  let after = 0;
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return false;
    const last = await runTransaction(dataSource, function* () {
      const rows = (yield {
        sql: `SELECT ${ROW_COLUMNS} FROM ${SEARCH_TABLE} WHERE rid > ? AND terms <> '' ORDER BY rid LIMIT ${batch}`,
        parameters: [after],
      }) as SearchRowText[];
      if (rows.length === 0) return undefined;
      yield { sql: `DELETE FROM ${SEARCH_TABLE} WHERE rid IN (${rows.map(() => '?').join(', ')})`, parameters: rows.map((row) => row.rid) };
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT);
        yield {
          sql: `INSERT INTO ${SEARCH_TABLE} (${ROW_COLUMNS}) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
          parameters: chunk.flatMap((row) => [
            row.rid,
            row.workspace_id,
            row.entry_id,
            row.folder,
            row.created_at,
            row.term_count,
            row.terms,
            termsDigest(row.terms),
          ]),
        };
      }
      return { rid: rows[rows.length - 1].rid, count: rows.length };
    });
    if (last === undefined) return true;
    after = last.rid;
    done += last.count;
    options.onProgress?.({ step: 'clear', done, total: Number(n) });
    await pause();
  }
}

const ROWS_PER_INSERT = 250;

/**
 * Step 4: the old index's blocks deleted a batch at a time (dropping it whole would hold the lock while every
 * one of its pages is freed: seconds at ten million entries), then the empty index dropped.
 */
async function dropOldIndex(dataSource: DataSource, batch: number, pause: Pause, options: ContentlessOptions): Promise<boolean> {
  if (!(await exists(dataSource, OLD_FTS_TABLE))) return true;
  const [{ n }] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${OLD_DATA_TABLE}`)) as { n: number }[];
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return false;
    const deleted = await runTransaction(
      dataSource,
      function* () {
        const [present] = (yield existsStep(OLD_FTS_TABLE)) as unknown[];
        if (!present) return 0;
        const result = (yield {
          sql: `DELETE FROM ${OLD_DATA_TABLE} WHERE id IN (SELECT id FROM ${OLD_DATA_TABLE} LIMIT ${batch})`,
          parameters: [],
        }) as { changes: number };
        if (result.changes === 0) yield { sql: `DROP TABLE ${OLD_FTS_TABLE}`, parameters: [] };
        return result.changes;
      },
      { shadowTables: true },
    );
    if (deleted === 0) return true;
    done += deleted;
    options.onProgress?.({ step: 'drop', done, total: Number(n) });
    await pause();
  }
}

const existsStep = (table: string): Step => ({
  sql: "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?",
  parameters: [table],
});

async function exists(dataSource: DataSource, table: string): Promise<boolean> {
  const step = existsStep(table);
  return ((await dataSource.query(step.sql, step.parameters)) as unknown[]).length > 0;
}

/** Where step 1 stands (`storage_task_positions`, made by the migration): the last rid put in the new index, and the last rid it must put there. */
const AT = 'contentless-search-at';
const THROUGH = 'contentless-search-through';
