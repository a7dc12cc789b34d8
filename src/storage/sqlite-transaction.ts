import type { DataSource } from 'typeorm';

/** The little of a better-sqlite3 statement used here. */
export interface SqliteStatement {
  run(...parameters: unknown[]): unknown;
  all(...parameters: unknown[]): unknown[];
  get(...parameters: unknown[]): unknown;
}

/** The little of better-sqlite3's database used here. */
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<T>(work: () => T): () => T;
}

/** Runs SQL inside sqliteTransaction's work: statements are prepared once per text and kept. */
export interface SqliteRunner {
  run(sql: string, parameters?: unknown[]): void;
  all<T>(sql: string, parameters?: unknown[]): T[];
}

const statements = new WeakMap<SqliteDatabase, Map<string, SqliteStatement>>();

/**
 * Runs `work` in one SQLite transaction, synchronously, on the connection TypeORM holds. TypeORM shares one
 * query runner between all callers on SQLite, so two of its transactions in flight at once nest (the second
 * becomes a savepoint of the first) and can commit or roll back each other's writes; work that never awaits
 * cannot be interleaved. Errors carry the driver's error as `driverError`, as TypeORM's do.
 */
export function sqliteTransaction<T>(dataSource: DataSource, work: (runner: SqliteRunner) => T): T {
  const db = (dataSource.driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const runner: SqliteRunner = {
    run: (sql, parameters = []) => void prepared(sql).run(...parameters),
    all: <R>(sql: string, parameters: unknown[] = []) => prepared(sql).all(...parameters) as R[],
  };
  try {
    return db.transaction(() => work(runner))();
  } catch (error) {
    throw Object.assign(new Error((error as Error).message), { driverError: error });
  }
}
