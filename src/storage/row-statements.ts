import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { Step } from './sql-transaction';

/**
 * The UPDATE of an entity's row by its primary key, for a transaction written as statements: the columns named in
 * `columns` (every updatable one when omitted), with the values as TypeORM stores them (its transformers and
 * driver conversions), so that a row a mapper made is stored exactly as an INSERT of it would be.
 */
export function rowUpdate<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  row: T,
  columns?: readonly (keyof T & string)[],
): Step {
  const { driver } = dataSource;
  const all = dataSource.getMetadata(target).columns;
  const set = all.filter(
    (c) => !c.isPrimary && c.isUpdate && (columns === undefined || columns.includes(c.propertyName as keyof T & string)),
  );
  const keys = all.filter((c) => c.isPrimary);
  const value = (c: (typeof all)[number]) => driver.preparePersistentValue(c.getEntityValue(row), c);
  return {
    sql: `UPDATE ${driver.escape(dataSource.getMetadata(target).tableName)} SET ${set.map((c) => `${driver.escape(c.databaseName)} = ?`).join(', ')} WHERE ${keys.map((c) => `${driver.escape(c.databaseName)} = ?`).join(' AND ')}`,
    parameters: [...set.map(value), ...keys.map(value)],
  };
}

/** An entity's row as a statement returns it (column names, the engine's types), as TypeORM would load it. */
export function hydratedRow<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, raw: Record<string, unknown>): T {
  const metadata = dataSource.getMetadata(target);
  const row = metadata.create() as T;
  for (const column of metadata.columns) {
    column.setEntityValue(row, dataSource.driver.prepareHydratedValue(raw[column.databaseName], column));
  }
  return row;
}
