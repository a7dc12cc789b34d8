/**
 * The scenarios without HTTP, each run in a child process of its own (one process, as the service is):
 *
 * - engine:     processDocument on the invoice, no HTTP, no database;
 * - ceiling:    EntryService.createEntry (engine plus repository insert) on the service's database;
 * - storage:    in turns of a quarter second, so that both see the same machine:
 *     - repository: EntryRepository.insert of ready entries, the create path's database time;
 *     - raw:        the same rows inserted through the driver alone (better-sqlite3 or mysql2), one commit
 *                   per row, in the same durability mode: the floor below which no service can go.
 *
 * They load the built service from dist/, as the server process does.
 */
import path from 'node:path';
import mysql from 'mysql2/promise';
import { v7 as uuidv7 } from 'uuid';
import { optionValue } from '../src/cli/cli-options';
import { readStatusMb } from './rss';
import { INVOICE } from './scenarios';
import { distFile, ROOT, runNode } from './server-process';
import { summarize, type LatencySummary } from './stats';

export type InProcessMode = 'engine' | 'ceiling' | 'repository' | 'raw';
/** What one worker runs: `storage` runs repository and raw inserts in turns. */
export type WorkerMode = 'engine' | 'ceiling' | 'storage';

export interface InProcessResult {
  mode: InProcessMode;
  concurrency: number;
  seconds: number;
  operations: number;
  rps: number;
  latency: LatencySummary;
  peakRssMb: number;
}

/** Runs in-process scenarios in a child process and returns their figures. */
export async function runInProcess(
  mode: WorkerMode,
  env: Record<string, string>,
  options: { seconds: number; concurrency: number; workspace: string },
): Promise<InProcessResult[]> {
  const args = ['--require', path.join(ROOT, 'scripts/register-ts.js'), __filename];
  args.push(
    '--mode',
    mode,
    '--seconds',
    String(options.seconds),
    '--concurrency',
    String(options.concurrency),
    '--workspace',
    options.workspace,
  );
  const output = await runNode(args, { ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
  return JSON.parse(output.trim().split('\n').pop() ?? '[]') as InProcessResult[];
}

const load = <T>(relative: string): T => require(distFile(relative)) as T;

type Operation = () => unknown;

interface Figures {
  operations: number;
  seconds: number;
  rps: number;
  latency: LatencySummary;
}

/**
 * Runs each operation from `concurrency` loops for `seconds` in all. With two operations, they take turns
 * in windows of a quarter second, so that both see the same machine (the disk and the other processes
 * of a shared host vary from one second to the next).
 */
async function drive(operations: Operation[], seconds: number, concurrency: number): Promise<Figures[]> {
  for (const operation of operations) for (let i = 0; i < 20; i++) await operation(); // warm-up
  const latencies: number[][] = operations.map(() => []);
  const elapsed = operations.map(() => 0n);
  const windowNs = operations.length > 1 ? 250_000_000n : BigInt(Math.round(seconds * 1e9));
  const end = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  for (let turn = 0; process.hrtime.bigint() < end; turn = (turn + 1) % operations.length) {
    const operation = operations[turn];
    const started = process.hrtime.bigint();
    const windowEnd = started + windowNs < end ? started + windowNs : end;
    const loop = async () => {
      while (process.hrtime.bigint() < windowEnd) {
        const t0 = process.hrtime.bigint();
        await operation();
        latencies[turn].push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
    elapsed[turn] += process.hrtime.bigint() - started;
  }
  return operations.map((_, i) => {
    const secondsSpent = Number(elapsed[i]) / 1e9;
    return {
      operations: latencies[i].length,
      seconds: secondsSpent,
      rps: Math.round((latencies[i].length / secondsSpent) * 10) / 10,
      latency: summarize(latencies[i]),
    };
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const mode = option('mode') as WorkerMode;
  const seconds = Number(option('seconds'));
  const concurrency = mode === 'engine' ? 1 : Number(option('concurrency'));
  const workspace = option('workspace');
  if (!mode || !workspace) throw new Error('usage: in-process.ts --mode MODE --seconds N --concurrency N --workspace NAME');

  const { processDocument } = load<typeof import('../src/document')>('src/document/index.js');
  const { loadConfig } = load<typeof import('../src/config')>('src/config.js');
  const { openDataSource } = load<typeof import('../src/storage/data-source')>('src/storage/data-source.js');
  const { EntryRepository } = load<typeof import('../src/storage/entry.repository')>('src/storage/entry.repository.js');
  const { EntryService } = load<typeof import('../src/domain/entries/entries.service')>('src/domain/entries/entries.service.js');
  const { EntryImporter } = load<typeof import('../src/domain/transfer/entry-import')>('src/domain/transfer/entry-import.js');
  const { entryRecordOf } = load<typeof import('../src/domain/entries/entry-record')>('src/domain/entries/entry-record.js');
  const { SigningKeys } = load<typeof import('../src/signing/signing-keys')>('src/signing/signing-keys.js');

  const results: InProcessResult[] = [];
  const report = (modes: InProcessMode[], figures: Figures[]) =>
    modes.forEach((m, i) => results.push({ mode: m, concurrency, ...figures[i], peakRssMb: readStatusMb(process.pid, 'VmHWM') ?? 0 }));
  if (mode === 'engine') {
    const ctx = { newUuid: () => uuidv7(), now: new Date() };
    const engine = () => {
      const result = processDocument(INVOICE, ctx);
      if (!result.ok || result.faults.length > 0) throw new Error('the invoice does not process cleanly');
    };
    report(['engine'], await drive([engine], seconds, concurrency));
  } else {
    const config = loadConfig();
    const dataSource = await openDataSource(config.database);
    const repository = new EntryRepository(dataSource);
    const signingKeys = SigningKeys.load(config.signingKey, config.dataDir);
    const body = { data: INVOICE };
    if (mode === 'ceiling') {
      const service = new EntryService(repository, { signingKeys });
      report(['ceiling'], await drive([() => service.createEntry(workspace, body)], seconds, concurrency));
    } else {
      // The row the create path stores for this invoice; each insert gets a new id and time.
      const template = await new EntryImporter(repository, { signingKeys }).prepare(workspace, body);
      const viaRepository = () => {
        const now = new Date();
        return repository.insert([entryRecordOf({ ...template, id: uuidv7(), createdAt: now, updatedAt: now })]);
      };
      const raw = await rawInsert(config.database, template);
      report(['repository', 'raw'], await drive([viaRepository, raw.insert], seconds * 2, concurrency));
      await raw.close();
    }
    await dataSource.destroy();
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

type Entry = import('../src/domain/entries/model/entry').Entry;
type DatabaseConfig = import('../src/config').Config['database'];

/** What the raw floor uses of better-sqlite3 (the package ships no types). */
type SqliteDatabase = new (
  file: string,
  options: { timeout: number },
) => {
  pragma(sql: string): unknown;
  prepare(sql: string): { run(...values: unknown[]): unknown };
  close(): void;
};

const COLUMNS = [
  'workspace_id',
  'id',
  'entry_key',
  'key_slot',
  'folder',
  'doc_schema',
  'env_schema',
  'state',
  'signed',
  'invalid',
  'digest_alg',
  'digest_val',
  'snippet',
  'tags',
  'faults',
  'data',
  'created_at',
  'updated_at',
];
const INSERT = `INSERT INTO entries (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`;

/**
 * One INSERT of the entry's row (new id and time) straight through the driver, autocommitted: one
 * transaction, one durable commit per row, as the service does. The JSON columns are serialized once.
 */
async function rawInsert(database: DatabaseConfig, entry: Entry): Promise<{ insert: Operation; close(): Promise<void> }> {
  const fixed = [entry.folder, entry.docSchema, entry.envSchema, null, 0, 0, entry.digest.alg, entry.digest.val];
  // The envelope as the create path stores it: the text the engine gave (dataJson), or the object serialized.
  const json = [
    JSON.stringify(entry.snippet),
    JSON.stringify(entry.tags),
    JSON.stringify(entry.faults),
    entry.dataJson ?? JSON.stringify(entry.data),
  ];
  const row = () => {
    const now = Date.now();
    const id = uuidv7();
    // A keyless entry's slot in the unique index is its id behind U+0001, as the repository writes it.
    return [entry.workspaceId, id, null, `\u0001${id}`, ...fixed, ...json, now, now];
  };
  if (database.type === 'sqlite') {
    const Database = require('better-sqlite3') as SqliteDatabase;
    const db = new Database(database.file, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    const statement = db.prepare(INSERT);
    return { insert: () => statement.run(...row()), close: async () => db.close() };
  }
  const pool = mysql.createPool({ uri: database.url, connectionLimit: 10 });
  return { insert: () => pool.query(INSERT, row()), close: () => pool.end() };
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
}
