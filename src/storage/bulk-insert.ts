import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

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
  });
}
