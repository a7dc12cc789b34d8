import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { CreateEntries1763700000000 } from '../../migrations/1763700000000-CreateEntries';
import { AttachmentEntity } from './entities/attachment.entity';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';

export const ENTITIES = [EntryEntity, AttachmentEntity, MetaEntity];
export const MIGRATIONS = [CreateEntries1763700000000];

/** TypeORM options for the configured database: embedded SQLite by default, MySQL/MariaDB by URL. */
export function dataSourceOptions(database: Config['database']): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: false, synchronize: false, logging: false } as const;
  if (database.type === 'mysql') {
    return {
      ...common,
      type: 'mysql',
      url: database.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      extra: { connectionLimit: 10 },
    };
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.file,
    enableWAL: true,
    timeout: 5000,
    // WAL with FULL sync: a commit that returned is on disk, even if the process is killed right after.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('synchronous = FULL');
    },
  };
}

/** Opens the database and applies pending migrations. */
export async function openDataSource(database: Config['database']): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(database));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReady(dataSource: DataSource): Promise<boolean> {
  try {
    await dataSource.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
