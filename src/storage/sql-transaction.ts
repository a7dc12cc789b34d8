import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { isPacketTooLarge, withRetries, type RetryOptions } from './transient-errors';

/** Rows an INSERT, UPDATE or DELETE changed, as either driver reports it (MySQL `affectedRows`, SQLite `changes`). */
export const changedRows = (result: { affectedRows?: number; changes?: number }) => Number(result.affectedRows ?? result.changes ?? 0);

/** One SQL statement of a transaction, with `?` placeholders: what a step function yields. */
export interface Step {
  sql: string;
  parameters: unknown[];
}

/**
 * A step function: yields statements, gets back each one's rows or result. What comes back is the driver's,
 * untyped; each step reads the columns its own SQL selected, so `any` is the honest type of the answer.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Steps<R> = Generator<Step, R, any>;

/**
 * A transaction written once for both engines, as a generator of statements: each `yield` gives a statement
 * and gets back its rows (a SELECT) or its result (anything else). It runs:
 * - on SQLite, synchronously on the one connection, inside a write (IMMEDIATE) transaction: nothing else can
 *   run between its statements, and no other request's statement can land inside it;
 * - on MySQL/MariaDB, on one pooled connection, with prepared statements (documents travel in the binary
 *   protocol, as inserts do), committed at the end and rolled back on any error.
 * `mysql` tells the steps which engine runs them (for `FOR UPDATE`).
 */
export interface TransactionOptions {
  readCommitted?: boolean;
  /**
   * `false`: on SQLite, the commit does not wait for the disk (`synchronous = NORMAL` for this transaction alone, the
   * connection's own setting again after it). Still atomic and in order with every other commit; a power cut (not a
   * killed process) may lose it until the next commit that waits for the disk has synced the log. Only for records
   * that may be lost and made again, such as a webhook attempt's: the event is then sent once more. MariaDB commits
   * as its server is configured.
   */
  durable?: boolean;
  /**
   * On SQLite, the transaction may write FTS5's shadow tables (the connection's defensive mode off for it alone):
   * only to empty, in batches, an index that nothing reads or writes any more. Ignored on MySQL.
   */
  shadowTables?: boolean;
  /** On MySQL, how often a deadlock or a cluster's certification conflict is tried again (withRetries' defaults). */
  retries?: RetryOptions;
}

export async function runTransaction<R>(
  dataSource: DataSource,
  steps: (mysql: boolean) => Steps<R>,
  options: TransactionOptions = {},
): Promise<R> {
  // Again from the start on a deadlock or a cluster's certification conflict (the steps read what they check).
  if (dataSource.options.type === 'mysql')
    return withRetries(() => runOnMysql(dataSource, steps(true), options.readCommitted ?? false), options.retries);
  return runOnSqlite(dataSource, () => steps(false), options.durable ?? true, options.shadowTables ?? false);
}

interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  inTransaction: boolean;
  pragma(sql: string, options?: { simple: boolean }): unknown;
  prepare(sql: string): SqliteStatement;
  transaction<T>(fn: () => T): { immediate(): T };
  unsafeMode(on: boolean): void;
}

async function runOnSqlite<R>(dataSource: DataSource, steps: () => Steps<R>, durable: boolean, shadowTables: boolean): Promise<R> {
  const db = (dataSource.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
  // Another transaction is open on the shared connection (TypeORM's awaits between its statements): wait for it,
  // rather than become part of it.
  for (let waited = 0; db.inTransaction; waited++) {
    if (waited > 5000) throw new Error('the database stayed in another transaction');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // Nothing else runs on the connection until this returns: the setting is this transaction's alone.
  const synchronous = durable ? undefined : db.pragma('synchronous', { simple: true });
  if (!durable) db.pragma('synchronous = NORMAL');
  if (shadowTables) db.unsafeMode(true);
  try {
    return runImmediate(db, steps);
  } catch (error) {
    // The driver's errors as TypeORM's and the MySQL path's are: wrapped, as `driverError` (duplicate keys are read
    // there). Anything else (a step's own error) goes on as it is.
    const code = (error as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && code.startsWith('SQLITE_'))
      throw Object.assign(new Error((error as Error).message), { driverError: error });
    throw error;
  } finally {
    if (shadowTables) db.unsafeMode(false);
    if (synchronous !== undefined) db.pragma(`synchronous = ${Number(synchronous)}`);
  }
}

function runImmediate<R>(db: SqliteDatabase, steps: () => Steps<R>): R {
  return db
    .transaction(() => {
      const generator = steps();
      let next = generator.next();
      while (!next.done) {
        const statement = preparedOn(db, next.value.sql);
        const parameters = next.value.parameters;
        next = generator.next(statement.reader ? statement.all(...parameters) : statement.run(...parameters));
      }
      return next.value;
    })
    .immediate();
}

/**
 * The statements prepared on each SQLite connection, by their text, the least recently used dropped past a bound: a
 * multi-row INSERT of a bulk import takes SQLite longer to compile than to run (1.7 ms for 200 rows of 17 values),
 * and a create runs the same few statements each time. MySQL's driver keeps its own cache of prepared statements.
 */
const preparedStatements = new WeakMap<SqliteDatabase, LRUCache<string, SqliteStatement>>();
const PREPARED_STATEMENTS_KEPT = 100;

function preparedOn(db: SqliteDatabase, sql: string): SqliteStatement {
  let kept = preparedStatements.get(db);
  if (!kept) preparedStatements.set(db, (kept = new LRUCache({ max: PREPARED_STATEMENTS_KEPT })));
  let statement = kept.get(sql);
  if (!statement) kept.set(sql, (statement = db.prepare(sql)));
  return statement;
}

interface MysqlConnection {
  query(sql: string, callback: (error: Error | null) => void): void;
  execute(sql: string, parameters: unknown[], callback: (error: Error | null, result: unknown) => void): void;
  release(): void;
  destroy(): void;
}
interface MysqlPool {
  getConnection(callback: (error: Error | null, connection: MysqlConnection) => void): void;
}

async function runOnMysql<R>(dataSource: DataSource, generator: Steps<R>, readCommitted: boolean): Promise<R> {
  const pool = (dataSource.driver as unknown as { pool: MysqlPool }).pool;
  const connection = await new Promise<MysqlConnection>((resolve, reject) =>
    pool.getConnection((error, c) => (error ? reject(error) : resolve(c))),
  );
  const plain = (sql: string) =>
    new Promise<void>((resolve, reject) => connection.query(sql, (error) => (error ? reject(error) : resolve())));
  const execute = (step: Step) =>
    new Promise<unknown>((resolve, reject) =>
      connection.execute(step.sql, step.parameters, (error, result) =>
        error ? reject(Object.assign(new Error(error.message), { driverError: error })) : resolve(result),
      ),
    );
  let closedByServer = false;
  try {
    // READ COMMITTED: a locking read locks the rows it returns, not the gaps between them (inserts go on).
    if (readCommitted) await plain('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
    await plain('START TRANSACTION');
    try {
      let next = generator.next();
      while (!next.done) next = generator.next(await execute(next.value));
      await plain('COMMIT');
      return next.value;
    } catch (error) {
      // After refusing a statement over max_allowed_packet the server closes the connection (its transaction
      // goes with it): no ROLLBACK to send, and the connection must not serve the next request.
      closedByServer = isPacketTooLarge(error);
      if (!closedByServer) await plain('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    if (closedByServer) connection.destroy();
    else connection.release();
  }
}
