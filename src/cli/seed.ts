import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig, loadSigningKeys } from '../config';
import { JSON_PATCH_LIMITS } from '../domain/documents/derive/json-patch';
import { EntryImporter } from '../domain/transfer/entry-import';
import { DuplicateEntryError } from '../domain/entries/model/entry-store';
import { progressOf } from './progress';
import { openDataSource } from '../storage/data-source';
import { EntryRepository } from '../storage/entry.repository';
import { seedSampleEntries } from '../seed/sample-seed';

const COMMAND = {
  usage: 'npm run seed -- [--workspace NAME] (--count N | --file FILE.ndjson) [--batch 2000] [--threads CPUS] [--json]',
  description:
    'Bulk import into a workspace through the storage layer, not through HTTP: sample entries (--count, for demos and benchmarks), or\n' +
    'one create body or document per line of an NDJSON file (--file, - for standard input). Every document goes through the engine.',
  options: {
    workspace: { type: 'string', value: 'NAME', description: 'the workspace to fill (default: default)' },
    count: { type: 'string', value: 'N', description: 'how many sample entries to make' },
    file: { type: 'string', value: 'FILE', description: 'an NDJSON file of create bodies or documents to import' },
    batch: { type: 'string', value: 'N', description: 'entries per transaction (default 2000)' },
    threads: { type: 'string', value: 'N', description: 'threads making sample entries (default: one per CPU)' },
    json: { type: 'boolean', description: 'print the summary as one JSON line' },
  },
} as const;

/** The line of the body being imported, for messages. */
let lineNumber = 0;

/** Create bodies from an NDJSON file: a line with `data` is a create body, any other object is the document itself. */
async function* bodiesOf(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: file === '-' ? process.stdin : createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const number = ++lineNumber;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${file}:${number}: not JSON`);
    }
    const isBody = typeof value === 'object' && value !== null && 'data' in value && !('$schema' in value);
    yield isBody ? value : { data: value };
  }
}

/**
 * `npm run seed`: bulk import into a workspace through the storage layer, not through HTTP. Every
 * document goes through the engine as POST /silo/v1/entries would; entries are written in batches,
 * one transaction each, with multi-row INSERTs.
 */
async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  const workspace = flags.workspace ?? 'default';
  const { count, file } = flags;
  const batchSize = Number(flags.batch ?? 2000);
  const threads = Number(flags.threads ?? availableParallelism());
  if ((count === undefined) === (file === undefined)) refuseCommandLine(COMMAND, 'give one of --count N and --file FILE');
  if (count !== undefined && !/^\d+$/.test(count)) refuseCommandLine(COMMAND, `--count takes a whole number, not '${count}'`);
  if (!(Number.isInteger(batchSize) && batchSize > 0))
    refuseCommandLine(COMMAND, `--batch takes a whole number above 0, not '${flags.batch}'`);
  if (!(Number.isInteger(threads) && threads > 0))
    refuseCommandLine(COMMAND, `--threads takes a whole number above 0, not '${flags.threads}'`);

  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  const repository = new EntryRepository(dataSource);
  const signingKeys = loadSigningKeys(config);
  const importer = new EntryImporter(repository, {
    signingKeys,
    jsonPatchLimits: { ...JSON_PATCH_LIMITS, maxWork: config.jsonPatchMaxWork },
  });
  const started = process.hrtime.bigint();
  let imported = 0;
  const progress = progressOf({
    what: file !== undefined ? 'importing' : 'seeding',
    unit: 'entries',
    total: count === undefined ? undefined : Number(count),
  });
  const onBatch = (batch: { imported: number }) => {
    imported = batch.imported;
    progress.set(imported);
  };
  try {
    if (file !== undefined) {
      await importer.importBodies(workspace, bodiesOf(file), { batchSize, onBatch });
    } else {
      await seedSampleEntries(dataSource, importer, { workspace, count: Number(count), batchSize, threads, onBatch });
    }
  } catch (error) {
    const reason =
      error instanceof DuplicateEntryError
        ? `the ${error.field} of an entry of the batch is already taken in the workspace`
        : `${file !== undefined && lineNumber > 0 ? `${file}:${lineNumber}: ` : ''}${(error as Error).message}`;
    throw new Error(`import stopped: ${reason}; ${imported} entries (the batches before) were stored`, { cause: error });
  } finally {
    progress.stop();
    await dataSource.destroy();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const summary = {
    workspace,
    database: config.database.type,
    entries: imported,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(imported / seconds),
  };
  process.stdout.write(
    flags.json
      ? `${JSON.stringify(summary)}\n`
      : `imported ${imported} entries into workspace "${workspace}" (${config.database.type}) in ${summary.seconds} s, ${summary.perSecond} entries/s\n`,
  );
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
