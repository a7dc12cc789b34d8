import type { DataSource } from 'typeorm';
import { SORT_AMOUNT_TASK } from '../../migrations/1764790000000-EntriesByAmount';
import type { SortAmountRule } from '../domain/entries/model/entry-store';
import { storedJson } from './packed-json';
import { runTransaction, type Step } from './sql-transaction';
import { markStorageTaskFinished, pauseBetweenSteps, storageTaskFinished } from './storage-task-marks';

export interface SortAmountProgress {
  /** Rows without an amount looked at by this run so far. */
  done: number;
  /** As many as had none when it began (most are documents without an amount: parties, messages…). */
  total: number;
}

export interface SortAmountOptions {
  /** Rows looked at per batch (default 500). */
  batch?: number;
  /** A pause between batches, leaving the database to other work (the service's background run). */
  pauseMs?: number;
  /** Stops after the batch under way. */
  signal?: AbortSignal;
  onProgress?: (progress: SortAmountProgress) => void;
}

interface KeyRow {
  workspace_id: string;
  id: string;
  doc_schema: string;
  updated_at: number | string;
}

/**
 * Fills `sort_amount` in the rows stored before it was kept (the EntriesByAmount migration), by the domain's rule
 * (`rule`): rows are walked in primary-key order from a cursor, their small columns first, and only the envelopes
 * of document types that have an amount are read. Each batch is written in a short transaction whose updates touch
 * only rows still as read (same `updated_at`, no amount yet): a row changed meanwhile got its amount from the
 * change. Until a row is filled it sorts as NULL, last. A run stopped anywhere starts again from the beginning and
 * passes over what is filled; the task is marked finished at the end, so no later start walks the table again.
 */
export async function fillSortAmounts(dataSource: DataSource, rule: SortAmountRule, options: SortAmountOptions = {}): Promise<boolean> {
  if (await storageTaskFinished(dataSource, SORT_AMOUNT_TASK)) return true;
  const size = options.batch ?? 500;
  const [{ n: total }] = (await dataSource.query('SELECT COUNT(*) AS n FROM entries WHERE sort_amount IS NULL')) as {
    n: number | string;
  }[];
  let cursor: [string, string] | undefined;
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) return false;
    const rows = (await dataSource.query(
      `SELECT workspace_id, id, doc_schema, updated_at FROM entries WHERE sort_amount IS NULL${cursor ? ' AND (workspace_id > ? OR (workspace_id = ? AND id > ?))' : ''} ` +
        `ORDER BY workspace_id, id LIMIT ${size}`,
      cursor ? [cursor[0], cursor[0], cursor[1]] : [],
    )) as KeyRow[];
    if (rows.length === 0) break;
    await fillBatch(
      dataSource,
      rule,
      rows.filter((row) => rule.mayHave(row.doc_schema)),
    );
    done += rows.length;
    options.onProgress?.({ done, total: Number(total) });
    const last = rows[rows.length - 1];
    cursor = [last.workspace_id, last.id];
    if (rows.length < size) break;
    await pauseBetweenSteps(options);
  }
  await markStorageTaskFinished(dataSource, SORT_AMOUNT_TASK);
  return true;
}

/** Reads the envelopes of `rows` (one workspace's at a time), and writes the amounts found in one transaction. */
async function fillBatch(dataSource: DataSource, rule: SortAmountRule, rows: KeyRow[]): Promise<void> {
  if (rows.length === 0) return;
  const updates: Step[] = [];
  const byWorkspace = new Map<string, KeyRow[]>();
  for (const row of rows) {
    const those = byWorkspace.get(row.workspace_id);
    if (those) those.push(row);
    else byWorkspace.set(row.workspace_id, [row]);
  }
  for (const [workspaceId, those] of byWorkspace) {
    const stored = (await dataSource.query(
      `SELECT id, data, data_packed FROM entries WHERE workspace_id = ? AND id IN (${those.map(() => '?').join(', ')})`,
      [workspaceId, ...those.map((row) => row.id)],
    )) as { id: string; data: string | null; data_packed: Uint8Array | null }[];
    const read = new Map(stored.map((row) => [row.id, row]));
    for (const row of those) {
      const envelope = read.get(row.id);
      const json = envelope && storedJson({ data: envelope.data, dataPacked: envelope.data_packed });
      const amount = json === undefined ? undefined : rule.ofJson(json);
      if (amount === undefined) continue;
      updates.push({
        sql: 'UPDATE entries SET sort_amount = ? WHERE workspace_id = ? AND id = ? AND updated_at = ? AND sort_amount IS NULL',
        parameters: [amount, workspaceId, row.id, row.updated_at],
      });
    }
  }
  if (updates.length === 0) return;
  await runTransaction(dataSource, function* () {
    for (const update of updates) yield update;
  });
}
