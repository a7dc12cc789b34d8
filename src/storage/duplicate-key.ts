/**
 * Which unique index a failed insert ran into, read from the driver's error: 'key' for the idempotency
 * key, 'primary' for the entry id, undefined when the error is something else.
 */
export function duplicateIndexOf(error: unknown): 'key' | 'primary' | undefined {
  type DriverError = { code?: string; errno?: number; message?: string };
  // TypeORM wraps the driver's error as `driverError`; a driver's error thrown as it is counts the same.
  const driverError = (error as { driverError?: DriverError } | undefined)?.driverError ?? (error as DriverError | undefined);
  if (!driverError) return undefined;
  const message = driverError.message ?? '';
  // SQLite: SQLITE_CONSTRAINT_UNIQUE names the columns; SQLITE_CONSTRAINT_PRIMARYKEY the primary key.
  if (driverError.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'primary';
  if (driverError.code === 'SQLITE_CONSTRAINT_UNIQUE') return message.includes('key_slot') ? 'key' : 'primary';
  // MySQL and MariaDB: ER_DUP_ENTRY (1062) names the index.
  if (driverError.code === 'ER_DUP_ENTRY' || driverError.errno === 1062) {
    return message.includes('entries_workspace_key') ? 'key' : 'primary';
  }
  return undefined;
}
