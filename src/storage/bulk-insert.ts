import type { Steps } from './sql-transaction';
import type { EntityTarget, ObjectLiteral, DataSource } from 'typeorm';

/**
 * Rows per INSERT statement. 200 rows of the widest table (17 columns) are 3,400 parameters, well under
 * SQLite's 32,766, and a few hundred kilobytes of documents, well under MySQL's max_allowed_packet.
 */
const ROWS_PER_STATEMENT = 200;

/**
 * The multi-row INSERT statements of rows of one entity, for a transaction written as statements
 * (src/storage/sql-transaction.ts): a bulk import commits the rows of several tables at once (one commit, one
 * fsync, for the whole batch), and a single create is the batch of one. The values go through TypeORM's column
 * metadata, transformers and driver conversions, so they are stored exactly as `repository.insert` stores them.
 */
export function* insertSteps<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, rows: readonly T[]): Steps<void> {
  if (rows.length === 0) return;
  const { head, tuple, values } = insertShape(dataSource, target);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    yield { sql: head + chunk.map(() => tuple).join(', '), parameters: chunk.flatMap(values) };
  }
}

/**
 * The INSERT of one row of an entity, with its values as TypeORM would store them, for a transaction written
 * as statements (src/storage/sql-transaction.ts). On MySQL those run as prepared statements: the values travel
 * in the binary protocol, each string copied once into the packet, where TypeORM's own queries escape them
 * into the SQL text quote by quote (for a document of megabytes, hundreds of thousands of string pieces on
 * the HTTP thread, and long collection pauses).
 */
export function preparedInsert<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  row: T,
): { sql: string; parameters: unknown[] } {
  const { head, tuple, values } = insertShape(dataSource, target);
  return { sql: head + tuple, parameters: values(row) };
}

/** An entity's INSERT: its head up to VALUES, one row's placeholders, and a row's values as TypeORM stores them. */
function insertShape<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>) {
  const metadata = dataSource.getMetadata(target);
  const driver = dataSource.driver;
  const columns = metadata.columns.filter((column) => column.isInsert);
  return {
    head: `INSERT INTO ${driver.escape(metadata.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `,
    tuple: `(${columns.map(() => '?').join(', ')})`,
    values: (row: T): unknown[] => columns.map((column) => driver.preparePersistentValue(column.getEntityValue(row), column)),
  };
}
