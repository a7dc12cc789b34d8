import type { DataSource } from 'typeorm';
import { PACKED_JSON_MAX_BYTES, packJson } from './packed-json';
import { runTransaction, type Step } from './sql-transaction';
import { markStorageTaskFinished, pauseBetweenSteps, storageTaskFinished } from './storage-task-marks';

/**
 * Packs the envelopes of rows written before envelopes were packed (see the PackedEnvelopes migration; a large
 * one stays text, as a row written now keeps it), a batch at a time: each batch is read, packed outside any
 * transaction, and written in a short one whose updates touch only rows still as read (a row changed meanwhile
 * was packed by the change, or is packed by the next run). Rows are walked in primary-key order from a cursor, so
 * each statement reads on from where the last one stopped, and a run stopped anywhere goes on from the start
 * without redoing work (packed rows are passed over).
 */
interface PackedTable {
  name: 'entries' | 'entry_versions';
  /** The primary key, in its order. */
  key: string[];
  /** Columns read with a row and checked, unchanged, when it is written packed. */
  guard: string[];
  /** Whether the table keeps the envelope's size beside it. */
  sized: boolean;
}

const TABLES: PackedTable[] = [
  { name: 'entries', key: ['workspace_id', 'id'], guard: ['updated_at'], sized: true },
  { name: 'entry_versions', key: ['workspace_id', 'entry_id', 'seq'], guard: [], sized: false },
];

export interface PackingProgress {
  table: PackedTable['name'];
  /** Rows of the table packed by this run so far. */
  packed: number;
  /** Rows of the table that held their envelope as text when the run began. */
  total: number;
}

type Row = Record<string, unknown> & { data: string };

/** `key > cursor` in the key's order, as a condition on its columns (works on both engines, and uses the key). */
function after(key: string[]): string {
  const [first, ...rest] = key;
  return rest.length === 0 ? `${first} > ?` : `(${first} > ? OR (${first} = ? AND ${after(rest)}))`;
}
function afterParameters(cursor: unknown[]): unknown[] {
  const [first, ...rest] = cursor;
  return rest.length === 0 ? [first] : [first, first, ...afterParameters(rest)];
}

/** A row whose envelope is text and small enough to be packed (a large one stays text: packed-json.ts). */
const UNPACKED = `data_packed IS NULL AND OCTET_LENGTH(data) <= ${PACKED_JSON_MAX_BYTES}`;

async function unpackedCount(dataSource: DataSource, table: PackedTable): Promise<number> {
  const [row] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${table.name} WHERE ${UNPACKED}`)) as { n: number | string }[];
  return Number(row.n);
}

/** One batch from `cursor` (none: from the start): how many rows it packed, and where the next begins (none: done). */
async function packBatch(
  dataSource: DataSource,
  table: PackedTable,
  cursor: unknown[] | undefined,
  size: number,
): Promise<{ packed: number; next?: unknown[] }> {
  const columns = [...table.key, ...table.guard, 'data'].join(', ');
  const rows = (await dataSource.query(
    `SELECT ${columns} FROM ${table.name} WHERE ${UNPACKED}${cursor ? ` AND ${after(table.key)}` : ''} ORDER BY ${table.key.join(', ')} LIMIT ${size}`,
    cursor ? afterParameters(cursor) : [],
  )) as Row[];
  if (rows.length === 0) return { packed: 0 };
  const sets = table.sized ? "data_packed = ?, data_size = ?, data = ''" : "data_packed = ?, data = ''";
  const where = [...table.key, ...table.guard].map((column) => `${column} = ?`).join(' AND ');
  const updates: Step[] = rows.map((row) => ({
    sql: `UPDATE ${table.name} SET ${sets} WHERE ${where} AND data_packed IS NULL`,
    parameters: [
      packJson(row.data),
      ...(table.sized ? [Buffer.byteLength(row.data)] : []),
      ...[...table.key, ...table.guard].map((column) => row[column]),
    ],
  }));
  const changed = await runTransaction(dataSource, function* () {
    let count = 0;
    for (const update of updates) count += affectedRows(yield update);
    return count;
  });
  const last = rows[rows.length - 1];
  return { packed: changed, next: rows.length < size ? undefined : table.key.map((column) => last[column]) };
}

/** Rows an UPDATE changed, from either driver's result. */
function affectedRows(result: unknown): number {
  const r = result as { changes?: number; affectedRows?: number };
  return Number(r.changes ?? r.affectedRows ?? 0);
}

/**
 * Packs every envelope still stored as text, table by table; `onProgress` after each batch. `pauseMs` between
 * batches leaves the database to other work (the service's background run); `signal` stops after the batch under way.
 */
export async function packEnvelopes(
  dataSource: DataSource,
  options: { batch?: number; pauseMs?: number; signal?: AbortSignal; onProgress?: (progress: PackingProgress) => void } = {},
): Promise<number> {
  if (await storageTaskFinished(dataSource, TASK)) return 0;
  const size = options.batch ?? 500;
  let packedInAll = 0;
  for (const table of TABLES) {
    const total = await unpackedCount(dataSource, table);
    if (total === 0) continue;
    let cursor: unknown[] | undefined;
    let packed = 0;
    do {
      if (options.signal?.aborted) return packedInAll;
      const batch = await packBatch(dataSource, table, cursor, size);
      packed += batch.packed;
      packedInAll += batch.packed;
      cursor = batch.next;
      options.onProgress?.({ table: table.name, packed, total });
      if (cursor) await pauseBetweenSteps(options);
    } while (cursor);
  }
  // Finished only when no row is left: one changed while it was being packed is packed by the next run.
  let left = 0;
  for (const table of TABLES) left += await unpackedCount(dataSource, table);
  if (left === 0) await markStorageTaskFinished(dataSource, TASK);
  return packedInAll;
}

const TASK = 'pack-envelopes';
