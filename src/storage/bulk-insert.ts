import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Rows per INSERT statement. 200 rows of the widest table (17 columns) are 3,400 parameters, well under
 * SQLite's 32,766, and a few hundred kilobytes of documents, well under MySQL's max_allowed_packet.
 */
const ROWS_PER_STATEMENT = 200;

/**
 * Inserts rows of one entity with multi-row INSERT statements, all in one transaction: one commit (one
 * fsync) for the whole batch instead of one per row. The values go through TypeORM's column metadata,
 * transformers and driver conversions, so they are stored exactly as `repository.insert` stores them.
 */
export async function insertRows<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, rows: T[]): Promise<void> {
  if (rows.length === 0) return;
  await dataSource.transaction((manager) => insertRowsIn(manager, target, rows));
}

/** The same statements as insertRows, in a transaction the caller holds (rows of several tables committed at once). */
export async function insertRowsIn<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
  if (rows.length === 0) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  const head = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const parameters: unknown[] = [];
    for (const row of chunk) {
      for (const column of columns) parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column));
    }
    await manager.query(head + chunk.map(() => tuple).join(', '), parameters);
  }
}

/**
 * Inserts one row on MySQL or MariaDB as a prepared statement: its values travel in the binary protocol,
 * each string copied once into the packet. TypeORM's queries put values into the SQL text, escaping them
 * quote by quote: for a document of megabytes that builds hundreds of thousands of string pieces on the
 * HTTP thread, and long collection pauses. Errors are the driver's own (as `driverError`, like TypeORM's).
 */
export async function insertPrepared<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, row: T, manager?: EntityManager): Promise<void> {
  const metadata = dataSource.getMetadata(target);
  const driver = dataSource.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  const sql =
    `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
    `VALUES (${columns.map(() => '?').join(', ')})`;
  const values = columns.map((column) => driver.preparePersistentValue(column.getEntityValue(row), column));
  // In a transaction, on the transaction's own connection.
  const pool = manager ? (manager.queryRunner as unknown as { databaseConnection: PreparingPool }).databaseConnection : (driver as unknown as { pool: PreparingPool }).pool;
  await new Promise<void>((resolve, reject) => {
    pool.execute(sql, values, (error) => (error ? reject(Object.assign(new Error(error.message), { driverError: error })) : resolve()));
  });
}

/** The part of mysql2's callback pool (or one of its connections) that runs prepared statements. */
interface PreparingPool {
  execute(sql: string, values: unknown[], callback: (error: (Error & { code?: string; errno?: number }) | null) => void): void;
}

/** The part of better-sqlite3's database used here. */
interface SqliteDatabase {
  prepare(sql: string): { run(...values: unknown[]): unknown };
  transaction(fn: () => void): () => void;
}

/**
 * Inserts rows of several entities on SQLite in one transaction run synchronously by better-sqlite3. TypeORM's
 * SQLite transactions share the one connection, so two of them awaited side by side would interleave their
 * BEGIN and COMMIT; a synchronous one cannot. Errors are the driver's own (as `driverError`, like TypeORM's).
 */
export function insertTogetherOnSqlite(dataSource: DataSource, parts: { target: EntityTarget<ObjectLiteral>; rows: ObjectLiteral[] }[]): void {
  const driver = dataSource.driver;
  const db = (driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
  const statements = parts.map(({ target, rows }) => {
    const metadata = dataSource.getMetadata(target);
    const columns = metadata.columns.filter((column) => column.isInsert);
    const sql =
      `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
      `VALUES (${columns.map(() => '?').join(', ')})`;
    return { statement: db.prepare(sql), rows: rows.map((row) => columns.map((column) => driver.preparePersistentValue(column.getEntityValue(row), column))) };
  });
  try {
    db.transaction(() => {
      for (const { statement, rows } of statements) for (const values of rows) statement.run(...values);
    })();
  } catch (error) {
    throw Object.assign(new Error((error as Error).message), { driverError: error });
  }
}
