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
export async function insertRows<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  rows: T[],
  /** More writes for the same transaction, after the rows. */
  also?: (manager: EntityManager) => Promise<void>,
): Promise<void> {
  if (rows.length === 0) return;
  const metadata = dataSource.getMetadata(target);
  const driver = dataSource.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  const head = `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  await dataSource.transaction(async (manager) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const parameters: unknown[] = [];
      for (const row of chunk) {
        for (const column of columns) parameters.push(driver.preparePersistentValue(column.getEntityValue(row), column));
      }
      await manager.query(head + chunk.map(() => tuple).join(', '), parameters);
    }
    await also?.(manager);
  });
}

/** The INSERT of one row of an entity, with its values as TypeORM would store them. */
export function preparedInsert<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, row: T): { sql: string; parameters: unknown[] } {
  const metadata = dataSource.getMetadata(target);
  const driver = dataSource.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  const sql =
    `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
    `VALUES (${columns.map(() => '?').join(', ')})`;
  return { sql, parameters: columns.map((column) => driver.preparePersistentValue(column.getEntityValue(row), column)) };
}

/**
 * Runs prepared statements in one transaction on one connection of MySQL's pool (a new entry and its search
 * row): all of them, or, when one fails, none. Their values travel in the binary protocol, each string copied
 * once into the packet. TypeORM's queries put values into the SQL text, escaping them quote by quote: for a
 * document of megabytes that builds hundreds of thousands of string pieces on the HTTP thread, and long
 * collection pauses. Errors are the driver's own (as `driverError`, like TypeORM's).
 */
export async function preparedTransaction(dataSource: DataSource, statements: { sql: string; parameters: unknown[] }[]): Promise<void> {
  const pool = (dataSource.driver as unknown as { pool: PreparingPool }).pool;
  const connection = await new Promise<PreparingConnection>((resolve, reject) =>
    pool.getConnection((error, conn) => (error ? reject(driverError(error)) : resolve(conn))),
  );
  const run = (sql: string, parameters: unknown[] = []) =>
    new Promise<void>((resolve, reject) => connection.execute(sql, parameters, (error) => (error ? reject(driverError(error)) : resolve())));
  const plain = (sql: string) => new Promise<void>((resolve, reject) => connection.query(sql, (error) => (error ? reject(driverError(error)) : resolve())));
  try {
    await plain('START TRANSACTION');
    try {
      for (const statement of statements) await run(statement.sql, statement.parameters);
      await plain('COMMIT');
    } catch (error) {
      await plain('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    connection.release();
  }
}

type DriverError = Error & { code?: string; errno?: number };
/** Errors are the driver's own, as `driverError` (like TypeORM's). */
const driverError = (error: DriverError) => Object.assign(new Error(error.message), { driverError: error });

/** The part of mysql2's callback pool that lends a connection, and of the connection that runs prepared statements. */
interface PreparingPool {
  getConnection(callback: (error: DriverError | null, connection: PreparingConnection) => void): void;
}

interface PreparingConnection {
  execute(sql: string, values: unknown[], callback: (error: DriverError | null) => void): void;
  query(sql: string, callback: (error: DriverError | null) => void): void;
  release(): void;
}
