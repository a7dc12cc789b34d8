import type { DataSource } from 'typeorm';
import { runTransaction } from './sql-transaction';

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
