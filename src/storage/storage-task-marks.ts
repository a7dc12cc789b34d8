import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { runTransaction, type Step } from './sql-transaction';

/** Whether the storage task `name` has finished (`storage_tasks` keeps a row for each that has). */
export async function storageTaskFinished(dataSource: DataSource, name: string): Promise<boolean> {
  return ((await dataSource.query('SELECT 1 FROM storage_tasks WHERE name = ?', [name])) as unknown[]).length > 0;
}

/** Records that the storage task `name` has finished, so that no later start does its work again. */
export async function markStorageTaskFinished(dataSource: DataSource, name: string): Promise<void> {
  const insert = dataSource.options.type === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  await runTransaction(dataSource, function* () {
    yield { sql: `${insert} INTO storage_tasks (name, finished_at) VALUES (?, ?)`, parameters: [name, Date.now()] };
  });
}

/**
 * A statement reading where a storage task stands (`storage_task_positions`: a rid reached, or one to reach), in
 * a task's transaction; `lock` on MySQL reads it FOR UPDATE, so that two processes take turns at the next range.
 */
export const taskPositionStep = (name: string, lock = false): Step => ({
  sql: `SELECT position FROM storage_task_positions WHERE name = ?${lock ? ' FOR UPDATE' : ''}`,
  parameters: [name],
});

/** Where a storage task stands, outside its transactions (0 where it has no position yet). */
export async function taskPosition(dataSource: DataSource, name: string): Promise<number> {
  const step = taskPositionStep(name);
  const rows = (await dataSource.query(step.sql, step.parameters)) as { position: number | string }[];
  return Number(rows[0]?.position ?? 0);
}

/**
 * The pause a storage task takes between two of its transactions (`pauseMs`, none when unset), leaving the
 * database to other work when the service runs it in the background; cut short when `signal` stops the task,
 * and never what keeps the process alive.
 */
export async function pauseBetweenSteps(options: { pauseMs?: number; signal?: AbortSignal }): Promise<void> {
  if (options.pauseMs) await sleep(options.pauseMs, undefined, { ref: false, signal: options.signal }).catch(() => undefined);
}
