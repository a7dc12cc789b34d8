/**
 * The scenarios without HTTP, each run in a child process of its own (one process, as the service is):
 *
 * - engine:     processDocument on the invoice, no HTTP, no database;
 * - ceiling:    EntryService.createEntry (engine plus repository insert) on the service's database;
 * - repository: EntryRepository.insert of ready entries: the create path's database time;
 * - raw:        the same rows inserted through the driver alone (better-sqlite3 or mysql2), one commit per
 *               row, in the same durability mode: the floor below which no service can go.
 *
 * They load the built service from dist/, as the server process does.
 */
import path from 'node:path';
import mysql from 'mysql2/promise';
import { v7 as uuidv7 } from 'uuid';
import { readStatusMb } from './rss';
import { INVOICE } from './scenarios';
import { distFile, ROOT, runNode } from './server-process';
import { summarize, type LatencySummary } from './stats';

export type InProcessMode = 'engine' | 'ceiling' | 'repository' | 'raw';

export interface InProcessResult {
  mode: InProcessMode;
  concurrency: number;
  seconds: number;
  operations: number;
  rps: number;
  latency: LatencySummary;
  peakRssMb: number;
}

/** Runs one in-process scenario in a child process and returns its figures. */
export async function runInProcess(
  mode: InProcessMode,
  env: Record<string, string>,
  options: { seconds: number; concurrency: number; workspace: string },
): Promise<InProcessResult> {
  const args = ['--require', path.join(ROOT, 'scripts/register-ts.js'), __filename];
  args.push('--mode', mode, '--seconds', String(options.seconds), '--concurrency', String(options.concurrency), '--workspace', options.workspace);
  const output = await runNode(args, { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as InProcessResult;
}

const load = <T>(relative: string): T => require(distFile(relative)) as T;

type Operation = () => unknown;

/** Runs `operation` from `concurrency` loops until `seconds` have passed, timing each call. */
async function drive(operation: Operation, seconds: number, concurrency: number) {
  for (let i = 0; i < 20; i++) await operation(); // warm-up
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const end = started + BigInt(Math.round(seconds * 1e9));
  const loop = async () => {
    while (process.hrtime.bigint() < end) {
      const t0 = process.hrtime.bigint();
      await operation();
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { operations: latencies.length, seconds: elapsed, rps: Math.round((latencies.length / elapsed) * 10) / 10, latency: summarize(latencies) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => args[args.indexOf(`--${name}`) + 1];
  const mode = option('mode') as InProcessMode;
  const seconds = Number(option('seconds'));
  const concurrency = mode === 'engine' ? 1 : Number(option('concurrency'));
  const workspace = option('workspace');

  const { processDocument } = load<typeof import('../src/document')>('src/document/index.js');
  const { loadConfig } = load<typeof import('../src/config')>('src/config.js');
  const { openDataSource } = load<typeof import('../src/storage/data-source')>('src/storage/data-source.js');
  const { EntryRepository } = load<typeof import('../src/storage/entry.repository')>('src/storage/entry.repository.js');
  const { EntryService } = load<typeof import('../src/domain/entries.service')>('src/domain/entries.service.js');
  const { EntryImporter } = load<typeof import('../src/domain/entry-import')>('src/domain/entry-import.js');
  const { SigningKeys } = load<typeof import('../src/signing/signing-keys')>('src/signing/signing-keys.js');

  let figures: Awaited<ReturnType<typeof drive>>;
  if (mode === 'engine') {
    const ctx = { newUuid: () => uuidv7(), now: new Date() };
    figures = await drive(() => {
      const result = processDocument(INVOICE, ctx);
      if (!result.ok || result.faults.length > 0) throw new Error('the invoice does not process cleanly');
    }, seconds, concurrency);
  } else {
    const config = loadConfig();
    const dataSource = await openDataSource(config.database);
    const repository = new EntryRepository(dataSource);
    const signingKeys = SigningKeys.load(config.signingKey, config.dataDir);
    const body = { data: INVOICE };
    if (mode === 'ceiling') {
      const service = new EntryService(repository, { signingKeys });
      figures = await drive(() => service.createEntry(workspace, body), seconds, concurrency);
    } else {
      // The row the create path stores for this invoice; each insert gets a new id and time.
      const template = await new EntryImporter(repository, { signingKeys }).prepare(workspace, body);
      if (mode === 'repository') {
        figures = await drive(() => {
          const now = new Date();
          return repository.insert({ ...template, id: uuidv7(), createdAt: now, updatedAt: now });
        }, seconds, concurrency);
      } else {
        figures = await drive(await rawInsert(config.database, template), seconds, concurrency);
      }
    }
    await dataSource.destroy();
  }
  const result: InProcessResult = { mode, concurrency, ...figures, peakRssMb: readStatusMb(process.pid, 'VmHWM') ?? 0 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

type Entry = import('../src/domain/entry').Entry;
type DatabaseConfig = import('../src/config').Config['database'];

/** What the raw floor uses of better-sqlite3 (the package ships no types). */
type SqliteDatabase = new (file: string, options: { timeout: number }) => {
  pragma(sql: string): unknown;
  prepare(sql: string): { run(...values: unknown[]): unknown };
};

const COLUMNS = [
  'workspace_id', 'id', 'entry_key', 'folder', 'doc_schema', 'env_schema', 'state', 'signed', 'invalid',
  'digest_alg', 'digest_val', 'snippet', 'tags', 'faults', 'data', 'created_at', 'updated_at',
];
const INSERT = `INSERT INTO entries (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

/**
 * One INSERT of the entry's row (new id and time) straight through the driver, autocommitted: one
 * transaction, one durable commit per row, as the service does. The JSON columns are serialized once.
 */
async function rawInsert(database: DatabaseConfig, entry: Entry): Promise<Operation> {
  const fixed = [entry.folder, entry.docSchema, entry.envSchema, null, 0, 0, entry.digest.alg, entry.digest.val];
  const json = [JSON.stringify(entry.snippet), JSON.stringify(entry.tags), JSON.stringify(entry.faults), JSON.stringify(entry.data)];
  const row = () => {
    const now = Date.now();
    return [entry.workspaceId, uuidv7(), null, ...fixed, ...json, now, now];
  };
  if (database.type === 'sqlite') {
    const Database = require('better-sqlite3') as SqliteDatabase;
    const db = new Database(database.file, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const statement = db.prepare(INSERT);
    return () => statement.run(...row());
  }
  const pool = mysql.createPool({ uri: database.url, connectionLimit: 10 });
  return () => pool.query(INSERT, row());
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
