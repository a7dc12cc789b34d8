import { closeSync, existsSync, fsyncSync, linkSync, openSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig } from '../config';
import { makePrivateFile } from '../private-files';
import { progressOf } from './progress';
import { workerEntry } from '../worker-entry';
import type { BackupJob } from '../storage/backup-worker';
import { dataSourceOptions, SQLITE_PAGE_SIZE } from '../storage/data-source';

const COMMAND = {
  usage: 'npm run backup -- --to FILE',
  description: 'Writes a consistent copy of the embedded SQLite database to a new file (0600), taken while the service runs.',
  options: { to: { type: 'string', value: 'FILE', description: 'the new file to write (never overwritten)' } },
} as const;

const MARIADB_ADVICE =
  'DATABASE_URL names MySQL/MariaDB: back it up with the database\'s own tools (mariadb-dump --single-transaction, or mariabackup), see docs/operations.md, "Backups"';

/** Writes `file`'s data, and the directory entry naming it, to disk. */
function syncToDisk(file: string): void {
  for (const target of [file, path.dirname(file)]) {
    const fd = openSync(target, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** Counts in the copy, attached beside the source and only read, so that what is printed is what was copied. */
async function countsOf(db: DataSource, copy: string): Promise<{ entries: number; migrations: number }> {
  await db.query('ATTACH DATABASE ? AS backup_copy', [copy]);
  try {
    const count = async (table: string) =>
      Number(((await db.query(`SELECT COUNT(*) AS n FROM backup_copy.${table}`)) as { n: number }[])[0].n);
    return { entries: await count('entries'), migrations: await count('migrations') };
  } finally {
    await db.query('DETACH DATABASE backup_copy');
  }
}

/** Bytes of the database now: its file and its write-ahead log, which the copy reads too. */
const sizeOf = (file: string) => [file, `${file}-wal`].reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0);

/**
 * `VACUUM INTO` on a thread of its own (backup-worker.ts) while this one shows the copy growing against the
 * database's size: a bar on a terminal, a line every two seconds elsewhere, nothing for a copy of a moment.
 */
async function copyShowingProgress(source: string, partial: string, pageSize: number): Promise<void> {
  const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const progress = progressOf({ what: 'backing up', unit: 'MiB', total: Math.max(1, mib(sizeOf(source))) });
  const thread = new Piscina<BackupJob, void>({
    ...workerEntry(path.join(__dirname, '..', 'storage'), 'backup-worker', {}),
    minThreads: 1,
    maxThreads: 1,
  });
  const watch = setInterval(() => progress.set(mib(existsSync(partial) ? statSync(partial).size : 0)), 250);
  try {
    await thread.run({ source, partial, pageSize });
    progress.set(mib(statSync(partial).size));
  } finally {
    clearInterval(watch);
    progress.stop();
    await thread.destroy();
  }
}

/**
 * `npm run backup -- --to FILE`: copies the SQLite database the service uses (DATABASE_URL, as the service
 * reads it) while the service keeps serving and writing from its own process.
 *
 * `VACUUM INTO` rather than the online backup API (`db.backup()`): better-sqlite3 documents that a write by
 * another connection during a backup restarts it, and it copies 100 pages per turn of the event loop, so a
 * database larger than that, written to without pause by the service, could restart forever (tried: a 16 MB
 * database written to every millisecond by another process, backup() had not finished after 20 s and 5,800
 * restarts; VACUUM INTO took 0.3 s). `VACUUM INTO` reads the whole database inside one read transaction: in
 * WAL mode that is a snapshot the service's writers never wait for and never disturb, so the copy finishes, is
 * consistent, and holds every commit made before it began (the migrations table included). SQLite does not
 * sync its output, so it is synced here before it is given its name.
 */
async function main(): Promise<void> {
  const { to } = commandFlags(COMMAND);
  if (to === undefined || to.trim() === '') refuseCommandLine(COMMAND, '--to FILE is required');
  const config = loadConfig();
  if (config.database.type !== 'sqlite') throw new Error(MARIADB_ADVICE);

  const source = config.database.file;
  const target = path.resolve(to);
  if (existsSync(target)) throw new Error(`${target} exists already: a backup never overwrites a file; name a new one`);
  if (!existsSync(path.dirname(target))) throw new Error(`the folder ${path.dirname(target)} does not exist`);
  if (!existsSync(source)) throw new Error(`there is no database at ${source} (DATABASE_URL / DATA_DIR) to back up`);

  // Written under a temporary name and linked to its own only once complete: an interrupted backup never
  // leaves a file that looks like one, and the link fails rather than replace a file made meanwhile.
  const partial = `${target}.partial-${process.pid}`;
  const started = process.hrtime.bigint();
  try {
    makePrivateFile(partial); // owner-only, like the database: SQLite writes into the empty file it finds
    await copyShowingProgress(source, partial, config.database.pageSize ?? SQLITE_PAGE_SIZE);
    syncToDisk(partial);
    // The service's own connection settings (WAL, busy timeout), without its migrations: a backup writes nothing.
    const db = new DataSource(dataSourceOptions(config.database));
    await db.initialize();
    let counts: { entries: number; migrations: number };
    try {
      counts = await countsOf(db, partial);
    } finally {
      await db.destroy();
    }
    try {
      linkSync(partial, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new Error(`${target} was created during the backup: it is left as it is; name a new file`, { cause: error });
      throw error;
    }
    syncToDisk(target);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const bytes = statSync(target).size;
    process.stdout.write(
      `backed up ${source} to ${target}: ${bytes} bytes (${(bytes / 1024 / 1024).toFixed(1)} MiB), ` +
        `${counts.entries} entries, ${counts.migrations} migrations, in ${seconds.toFixed(2)} s\n`,
    );
  } finally {
    if (existsSync(partial)) unlinkSync(partial);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`backup refused or failed: ${error.message}\n`);
  process.exit(1);
});
