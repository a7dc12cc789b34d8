import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { makePrivateDir, makePrivateFile } from '../private-files';
import { CreateEntries1763700000000 } from '../../migrations/1763700000000-CreateEntries';
import { AddFiles1764000000000 } from '../../migrations/1764000000000-AddFiles';
import { AddSearch1764300000000 } from '../../migrations/1764300000000-AddSearch';
import { AttachmentEntity } from './entities/attachment.entity';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';
import { FileChunkEntity, FileContentEntity } from './entities/file-content.entity';

export const ENTITIES = [EntryEntity, AttachmentEntity, MetaEntity, FileContentEntity, FileChunkEntity];
export const MIGRATIONS = [CreateEntries1763700000000, AddFiles1764000000000, AddSearch1764300000000];

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

/** An SQLite database and the companions SQLite writes beside it in WAL mode. */
export const sqliteFiles = (file: string): string[] => [file, `${file}-wal`, `${file}-shm`];

/** Opens the database and applies pending migrations. */
export async function openDataSource(database: Config['database']): Promise<DataSource> {
  if (database.type === 'sqlite') {
    // Made here, owner-only, rather than by TypeORM (folder 0755) and SQLite (file 0644, companions alike).
    makePrivateDir(path.dirname(database.file));
    makePrivateFile(database.file);
  }
  const dataSource = new DataSource(dataSourceOptions(database));
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

const MIGRATION_LOCK = 'entries_migrations';
const LOST_MIGRATION_RACE = /already exists|SQLITE_BUSY|database is locked/i;

/**
 * Applies pending migrations. Several servers may start at once on one empty database: on MySQL a named
 * lock lets one migrate while the others wait; on SQLite the loser of the race (a table "already exists")
 * tries again once the winner has committed, and then finds nothing left to do.
 */
async function migrate(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type === 'mysql') {
    const runner = dataSource.createQueryRunner();
    try {
      const [row] = (await runner.query('SELECT GET_LOCK(?, 120) AS locked', [MIGRATION_LOCK])) as { locked: number | null }[];
      if (Number(row?.locked) !== 1) throw new Error('another server held the migration lock for 120 seconds');
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [MIGRATION_LOCK]).catch(() => undefined);
      await runner.release();
    }
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      return;
    } catch (error) {
      if (attempt >= 5 || !LOST_MIGRATION_RACE.test(String((error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
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
