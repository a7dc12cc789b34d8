import { Presets, SingleBar } from 'cli-progress';
import { v7 as uuidv7 } from 'uuid';
import { optionValue } from '../cli-options';
import { loadConfig } from '../config';
import { serviceName } from '../service-name';
import { EntryRestorer } from '../domain/entry-export';
import { openDataSource } from '../storage/data-source';
import { EntryRepository } from '../storage/entry.repository';
import { EntryTransferRepository } from '../storage/entry-transfer.repository';
import { CheckpointFile } from './checkpoint';
import { DatabaseSink } from './database-sink';
import { FileSink } from './file-sink';
import { CheckpointMismatchError, migrateWorkspace, type MigrationProgress, type MigrationReport, type MigrationSink } from './migrate-workspace';
import { RemoteClient, RemoteRefusedError, RemoteUnavailableError } from './remote-client';
import { NotSiloError, PAGE_SIZE, RemoteWorkspace } from './remote-workspace';

const USAGE = `usage:
  npm run migrate-from -- --base-url URL --token TOKEN (or MIGRATE_FROM_TOKEN) --workspace W [--out FILE] [--checkpoint FILE]
      without --out, into this service's database (DATABASE_URL), workspace W
      [--timeout SECONDS (30)] [--attempts N (8)] [--page-size N (100)] [--progress-every N (100)]`;

/** A bar on a terminal; elsewhere (a log, a pipe) a line every `every` entries. */
function progressOn(stream: NodeJS.WriteStream, every: number): MigrationProgress {
  if (stream.isTTY) {
    const bar = new SingleBar({ stream, format: 'migrating [{bar}] {value}/{total} entries | {percentage}% | ETA {eta_formatted}', etaBuffer: 200 }, Presets.shades_classic);
    return { start: (total, done) => bar.start(Math.max(total, done), done), update: (done) => bar.update(done), stop: () => bar.stop() };
  }
  let total = 0;
  let started = 0;
  let first = 0;
  let last = 0;
  return {
    start(t, done) {
      total = Math.max(t, done);
      started = Date.now();
      first = last = done;
      stream.write(`migrating: ${done} of ${total} entries already done\n`);
    },
    update(done) {
      if (done - last < every) return;
      last = done;
      const rate = (done - first) / Math.max(1, Date.now() - started);
      const eta = rate > 0 ? Math.round((total - done) / rate / 1000) : undefined;
      stream.write(`migrating: ${done} of ${total} entries${eta === undefined ? '' : `, about ${eta} s left`}\n`);
    },
    stop() {},
  };
}

function reportText(report: MigrationReport): string {
  const v = report.verification;
  const lines = [
    `copied: ${report.copied}`,
    `skipped as already present: ${report.present}`,
    `failed: ${report.failed.length}`,
    ...report.failed.map((f) => `  ${f.id}: ${f.reason}`),
    ...report.notes.map((note) => `note: ${note}`),
    'secure meta rows cannot be read through the API: none was copied (the remote does not say which entries have some)',
    `verification: the remote lists ${v.remoteCount} entries, ${v.writtenCount} were written` +
      (v.digestsCompared ? `; ${v.changed.length} with another digest than the remote's` : ' (digests not compared)'),
    ...v.missing.map((id) => `  missing: ${id}`),
    ...v.unexpected.map((id) => `  not on the remote: ${id}`),
    ...v.duplicated.map((id) => `  written twice: ${id}`),
    ...v.changed.map((id) => `  changed on the remote since it was copied: ${id}`),
    report.ok ? 'migration complete and verified' : 'migration NOT complete: see above',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `npm run migrate-from`: copies a workspace of a live silo-compatible API, through its public routes, into a file
 * of the export format (then `npm run import`). Resumable from its checkpoint; exit code 0 only when every entry
 * was copied and the file verified against the remote.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const baseUrl = option('base-url');
  // The environment keeps the token out of the process list and the shell's history.
  const token = option('token') ?? process.env.MIGRATE_FROM_TOKEN;
  const workspace = option('workspace');
  const out = option('out');
  const timeout = Number(option('timeout') ?? 30);
  const attempts = Number(option('attempts') ?? 8);
  const every = Number(option('progress-every') ?? 100);
  const pageSize = Number(option('page-size') ?? PAGE_SIZE);
  if (!baseUrl || !token || !workspace || !(timeout > 0) || !(attempts >= 1) || !(every >= 1) || !(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= PAGE_SIZE) || !/^https?:\/\//.test(baseUrl)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const checkpoint = new CheckpointFile(option('checkpoint') ?? (out ? `${out}.checkpoint.json` : `migrate-from-${workspace.replace(/[^A-Za-z0-9_.-]/g, '_')}.checkpoint.json`));
  const state = checkpoint.load();
  const client = new RemoteClient({
    baseUrl,
    token,
    timeoutMs: timeout * 1000,
    maxAttempts: attempts,
    onRetry: (r) => {
      if (!process.stderr.isTTY) process.stderr.write(`retrying in ${(r.delayMs / 1000).toFixed(1)} s (attempt ${r.attempt}: ${r.reason}): ${r.url}\n`);
    },
  });
  const source = new RemoteWorkspace(client, workspace, serviceName(), pageSize);
  const { sink, close } = out ? fileSink(out, state ? (state.position ?? 0) : undefined) : await databaseSink(workspace);
  if (state) process.stderr.write(`resuming from ${checkpoint.file}: ${state.copied + state.present + state.failed.length} entries done\n`);
  try {
    const report = await migrateWorkspace({ source, sink, checkpoint, progress: progressOn(process.stderr, every) });
    process.stdout.write(reportText(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    const e = error as Error;
    if (error instanceof RemoteRefusedError || error instanceof NotSiloError) process.stderr.write(`${e.message}\n`);
    else if (error instanceof CheckpointMismatchError) process.stderr.write(`${e.message}: give another --checkpoint (or --out)\n`);
    else if (error instanceof RemoteUnavailableError) process.stderr.write(`${e.message}\nstopped; run the same command again to resume from ${checkpoint.file}\n`);
    else process.stderr.write(`migration stopped: ${e.stack ?? e.message}\nrun the same command again to resume from ${checkpoint.file}\n`);
    return 1;
  } finally {
    await close();
  }
}

/** The export-format file: new, or cut back to the length the checkpoint recorded. */
function fileSink(out: string, resumeAt: number | undefined): { sink: MigrationSink; close: () => Promise<void> } {
  const sink = resumeAt === undefined ? FileSink.create(out) : FileSink.resume(out, resumeAt);
  return { sink, close: async () => sink.close() };
}

/** This service's database, as the service is configured: each entry written through the import's restorer. */
async function databaseSink(workspace: string): Promise<{ sink: MigrationSink; close: () => Promise<void> }> {
  const dataSource = await openDataSource(loadConfig().database);
  const restorer = new EntryRestorer(new EntryTransferRepository(dataSource), { newId: uuidv7, clock: () => new Date() });
  const entries = new EntryRepository(dataSource);
  async function* stored() {
    let after: { createdAt: number; id: string } | undefined;
    for (;;) {
      const page = await entries.list(workspace, { ascending: true, after, limit: 100 });
      for (const entry of page) yield { id: entry.id, digest: entry.digest };
      if (page.length < 100) return;
      const last = page[page.length - 1];
      after = { createdAt: last.createdAt.getTime(), id: last.id };
    }
  }
  return { sink: new DatabaseSink(restorer, workspace, stored), close: () => dataSource.destroy() };
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  },
);
