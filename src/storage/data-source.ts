import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { makePrivateDir, makePrivateFile } from '../private-files';
import { createMysqlDatabase, isUnknownDatabase, setupProblemOf } from './database-creation';
import { duplicateIndexOf } from './duplicate-key';
import { HostFailover } from './host-failover';
import { isRetryable, withRetries } from './transient-errors';
import { CreateEntries1763700000000 } from '../../migrations/1763700000000-CreateEntries';
import { AddFiles1764000000000 } from '../../migrations/1764000000000-AddFiles';
import { AddEntryHistory1764100000000 } from '../../migrations/1764100000000-AddEntryHistory';
import { AddEntryRefs1764200000000 } from '../../migrations/1764200000000-AddEntryRefs';
import { AddSearch1764300000000 } from '../../migrations/1764300000000-AddSearch';
import { KeySlot1764400000000 } from '../../migrations/1764400000000-KeySlot';
import { SearchTerms1764500000000 } from '../../migrations/1764500000000-SearchTerms';
import { RefsByTime1764600000000 } from '../../migrations/1764600000000-RefsByTime';
import { AddSpool1764630000000 } from '../../migrations/1764630000000-AddSpool';
import { EntrySignature1764640000000 } from '../../migrations/1764640000000-EntrySignature';
import { AddEvents1764700000000 } from '../../migrations/1764700000000-AddEvents';
import { AddWebhooks1764710000000 } from '../../migrations/1764710000000-AddWebhooks';
import { EntriesByState1764720000000 } from '../../migrations/1764720000000-EntriesByState';
import { PackedEnvelopes1764730000000 } from '../../migrations/1764730000000-PackedEnvelopes';
import { CompressedTables1764740000000 } from '../../migrations/1764740000000-CompressedTables';
import { ContentlessSearch1764750000000 } from '../../migrations/1764750000000-ContentlessSearch';
import { UuidSearchTerms1764760000000 } from '../../migrations/1764760000000-UuidSearchTerms';
import { WebhookQuotas1764775000000 } from '../../migrations/1764775000000-WebhookQuotas';
import { EntriesByAmount1764790000000 } from '../../migrations/1764790000000-EntriesByAmount';
import { AddSequences1764800000000 } from '../../migrations/1764800000000-AddSequences';
import { AddTransform1764810000000 } from '../../migrations/1764810000000-AddTransform';
import { ChangeSources1764820000000 } from '../../migrations/1764820000000-ChangeSources';
import { AttachmentEntity } from './entities/attachment.entity';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';
import { FileChunkEntity, FileContentEntity } from './entities/file-content.entity';
import { EntryStateEntity, EntryVersionEntity } from './entities/entry-history.entity';
import { EntryRefEntity } from './entities/entry-ref.entity';
import { SpoolItemEntity } from './entities/spool-item.entity';

export const ENTITIES = [
  EntryEntity,
  AttachmentEntity,
  MetaEntity,
  FileContentEntity,
  FileChunkEntity,
  EntryVersionEntity,
  EntryStateEntity,
  EntryRefEntity,
  SpoolItemEntity,
];
export const MIGRATIONS = [
  CreateEntries1763700000000,
  AddFiles1764000000000,
  AddEntryHistory1764100000000,
  AddEntryRefs1764200000000,
  AddSearch1764300000000,
  KeySlot1764400000000,
  SearchTerms1764500000000,
  RefsByTime1764600000000,
  AddSpool1764630000000,
  EntrySignature1764640000000,
  AddEvents1764700000000,
  AddWebhooks1764710000000,
  EntriesByState1764720000000,
  PackedEnvelopes1764730000000,
  CompressedTables1764740000000,
  ContentlessSearch1764750000000,
  UuidSearchTerms1764760000000,
  WebhookQuotas1764775000000,
  EntriesByAmount1764790000000,
  AddSequences1764800000000,
  AddTransform1764810000000,
  ChangeSources1764820000000,
];

/** TypeORM options for the configured database: embedded SQLite by default, MySQL/MariaDB by URL. */
export function dataSourceOptions(database: Config['database'], log?: Logger): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, migrationsRun: false, synchronize: false, logging: false } as const;
  if (database.type === 'mysql') {
    // Several hosts: every connection goes to the current one, and the next takes over when it fails.
    const failover = database.hosts.length > 1 ? new HostFailover(database.hosts, log) : undefined;
    return {
      ...common,
      type: 'mysql',
      url: database.url,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      extra: { connectionLimit: 10, ...(failover ? { stream: failover.connect } : {}) },
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
      db.pragma(`page_size = ${database.pageSize ?? SQLITE_PAGE_SIZE}`);
      db.pragma('synchronous = FULL');
    },
  };
}

/**
 * The page size of a new SQLite database, in bytes, unless SQLITE_PAGE_SIZE says otherwise (SQLite's default is
 * 4096). An entry's row is about a kilobyte, and a 4 KiB page kept a fifth of itself unused around three or four
 * of them; with 16 KiB pages a database holds 12 % fewer bytes per entry, and a commit writes larger pages to the
 * WAL (creates about a tenth slower; bench/README.md, Storage per entry). Set before the first table is made, so
 * it applies to a new file only: a database made with other pages keeps them, as SQLite cannot change them in WAL
 * mode, and `npm run backup` writes its copy with these (VACUUM INTO takes the connection's page size).
 */
export const SQLITE_PAGE_SIZE = 16384;

/** An SQLite database and the companions SQLite writes beside it in WAL mode. */
export const sqliteFiles = (file: string): string[] => [file, `${file}-wal`, `${file}-shm`];

/** Opens the database and applies pending migrations. */
export async function openDataSource(database: Config['database'], log?: Logger): Promise<DataSource> {
  if (database.type === 'sqlite') {
    // Made here, owner-only, rather than by TypeORM (folder 0755) and SQLite (file 0644, companions alike).
    makePrivateDir(path.dirname(database.file));
    makePrivateFile(database.file);
  }
  let dataSource = new DataSource(dataSourceOptions(database, log));
  try {
    await dataSource.initialize();
  } catch (error) {
    // A first start on a fresh MariaDB: the database is made when the URL's user may (else one line says how).
    if (database.type !== 'mysql') throw error;
    if (!isUnknownDatabase(error)) throw setupProblemOf(error, database.url) ?? error;
    await createMysqlDatabase(database.url);
    log?.info('created the database DATABASE_URL names');
    dataSource = new DataSource(dataSourceOptions(database, log));
    await dataSource.initialize();
  }
  try {
    if (database.type === 'mysql' && database.readYourWrites !== false) await readYourWritesOnCluster(dataSource, log);
    await migrate(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/**
 * On a Galera cluster, a node applies the writes certified through other nodes a moment after they were
 * acknowledged: a client that created an entry through one service process could read it back through
 * another, attached to another node, and not find it. With `wsrep_sync_wait = 1` each read first waits until
 * its node has applied everything committed before it. Set on every connection of the pool as it opens; at
 * this point the pool holds the one connection TypeORM opened to test it, which the query below reaches.
 * Outside a cluster (no `wsrep_on`, or off) nothing is set.
 */
async function readYourWritesOnCluster(dataSource: DataSource, log?: Logger): Promise<void> {
  const rows = (await dataSource.query("SHOW VARIABLES LIKE 'wsrep_on'")) as { Value?: string }[];
  if (rows[0]?.Value !== 'ON') return;
  const pool = (
    dataSource.driver as unknown as {
      pool?: {
        on(event: 'connection', listener: (connection: { query(sql: string, done: (error: unknown) => void): unknown }) => void): void;
      };
    }
  ).pool;
  // A failure is left to the statement that follows on this connection, which meets the same trouble.
  pool?.on('connection', (connection) => connection.query(SYNC_WAIT, () => undefined));
  await dataSource.query(SYNC_WAIT);
  log?.info('Galera cluster: reads wait for the writes committed before them (wsrep_sync_wait = 1)');
}
const SYNC_WAIT = 'SET SESSION wsrep_sync_wait = 1';

const LOCK_TABLE = 'entries_migration_lease';
const MIGRATION_LOCK = 'migrations';
const LOCK_WAIT_MS = 120_000;
/** A lock older than this was left by a server that died while copying: the next one may take it. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Applies pending migrations. Several servers may start at once on one empty database (one SQLite file, a
 * MariaDB database, or several nodes of a cluster). The one that inserts the row of a small lock table
 * migrates while the others wait for the row to go, then find nothing left to do. A row replicates across a
 * cluster's nodes, where a named lock (GET_LOCK) would be local to one node; two nodes inserting it at once
 * is a certification conflict, retried like a deadlock. TypeORM reads the list of applied migrations before
 * each migration's transaction, so without the lock two servers could both apply the same migration.
 */
async function migrate(dataSource: DataSource): Promise<void> {
  const holder = randomUUID();
  const engine = dataSource.options.type === 'mysql' ? ' ENGINE=InnoDB' : '';
  await withRetries(() =>
    dataSource.query(
      `CREATE TABLE IF NOT EXISTS ${LOCK_TABLE} (name VARCHAR(64) NOT NULL PRIMARY KEY, holder CHAR(36) NOT NULL, host VARCHAR(255) NOT NULL, pid INTEGER NOT NULL, taken_at BIGINT NOT NULL)${engine}`,
    ),
  );
  await takeMigrationLock(dataSource, holder);
  try {
    // The lock table of earlier versions (MariaDB only, without host and pid).
    await dataSource.query('DROP TABLE IF EXISTS entries_migration_lock');
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await withRetries(() => dataSource.query(`DELETE FROM ${LOCK_TABLE} WHERE name = ? AND holder = ?`, [MIGRATION_LOCK, holder])).catch(
      () => undefined,
    );
  }
}

async function takeMigrationLock(dataSource: DataSource, holder: string): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      await dataSource.query(`INSERT INTO ${LOCK_TABLE} (name, holder, host, pid, taken_at) VALUES (?, ?, ?, ?, ?)`, [
        MIGRATION_LOCK,
        holder,
        hostname(),
        process.pid,
        Date.now(),
      ]);
      return;
    } catch (error) {
      if (!duplicateIndexOf(error) && !isRetryable(error) && !/SQLITE_BUSY|database is locked/i.test(String(error))) throw error;
    }
    await releaseAbandonedLock(dataSource);
    if (Date.now() > deadline) throw new Error(`another server held the migration lock for ${LOCK_WAIT_MS / 1000} seconds`);
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
  }
}

/** Frees the lock of a server that died while copying: one on this machine whose process is gone at once, any other once stale. */
async function releaseAbandonedLock(dataSource: DataSource): Promise<void> {
  type Lock = { holder: string; host: string; pid: number | string; taken_at: number | string };
  const rows = (await dataSource
    .query(`SELECT holder, host, pid, taken_at FROM ${LOCK_TABLE} WHERE name = ?`, [MIGRATION_LOCK])
    .catch(() => [])) as Lock[];
  const lock = rows[0];
  if (!lock) return;
  const gone = lock.host === hostname() && Number(lock.pid) !== process.pid && !processIsAlive(Number(lock.pid));
  if (!gone && Number(lock.taken_at) > Date.now() - STALE_LOCK_MS) return;
  await dataSource.query(`DELETE FROM ${LOCK_TABLE} WHERE name = ? AND holder = ?`, [MIGRATION_LOCK, lock.holder]).catch(() => undefined);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
