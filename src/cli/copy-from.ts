import { Presets, SingleBar } from 'cli-progress';
import { v7 as uuidv7 } from 'uuid';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig, loadSigningKeys } from '../config';
import { serviceName } from '../service-name';
import { EntryRestorer } from '../domain/transfer/entry-restorer';
import { openDataSource } from '../storage/data-source';
import { EntryRepository } from '../storage/entry.repository';
import { EntryTransferRepository } from '../storage/entry-transfer.repository';
import { CheckpointFile } from '../remote-copy/checkpoint';
import { DatabaseSink } from '../remote-copy/database-sink';
import { FileSink } from '../remote-copy/file-sink';
import { CheckpointMismatchError, copyWorkspace, type CopyProgress, type CopyReport, type CopySink } from '../remote-copy/copy-workspace';
import { RemoteClient, RemoteRefusedError, RemoteUnavailableError } from '../remote-copy/remote-client';
import { NotSiloError, PAGE_SIZE, RemoteWorkspace } from '../remote-copy/remote-workspace';

const COMMAND = {
  usage: 'npm run copy-from -- --base-url URL --token TOKEN --workspace W [--out FILE] [--checkpoint FILE]',
  description:
    "Copies a workspace of a live silo-compatible API, through its public routes, into this service's database (DATABASE_URL),\n" +
    'or with --out into a file of the export format. Resumable from its checkpoint; verified against the remote at the end.\n' +
    'The token may come from MIGRATE_FROM_TOKEN instead, out of the process list and the shell history.',
  options: {
    'base-url': { type: 'string', value: 'URL', description: 'the remote API, http(s)://…' },
    token: { type: 'string', value: 'TOKEN', description: "a token of the remote's workspace (or MIGRATE_FROM_TOKEN)" },
    workspace: { type: 'string', value: 'W', description: 'the workspace to copy into (and to name in the file)' },
    out: { type: 'string', value: 'FILE', description: 'write an export file instead of into the database' },
    checkpoint: { type: 'string', value: 'FILE', description: 'where progress is kept (default: beside --out, or in the current folder)' },
    timeout: { type: 'string', value: 'SECONDS', description: 'longest wait for one answer of the remote (default 30)' },
    attempts: { type: 'string', value: 'N', description: 'tries of one request before stopping (default 8)' },
    'page-size': { type: 'string', value: 'N', description: `entries asked for a page (default and most ${PAGE_SIZE})` },
    'progress-every': { type: 'string', value: 'N', description: 'off a terminal, a progress line every N entries (default 100)' },
  },
} as const;

/** A bar on a terminal; elsewhere (a log, a pipe) a line every `every` entries. */
function progressOn(stream: NodeJS.WriteStream, every: number): CopyProgress {
  if (stream.isTTY) {
    const bar = new SingleBar(
      { stream, format: 'copying [{bar}] {value}/{total} entries | {percentage}% | ETA {eta_formatted}', etaBuffer: 200 },
      Presets.shades_classic,
    );
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
      stream.write(`copying: ${done} of ${total} entries already done\n`);
    },
    update(done) {
      if (done - last < every) return;
      last = done;
      const rate = (done - first) / Math.max(1, Date.now() - started);
      const eta = rate > 0 ? Math.round((total - done) / rate / 1000) : undefined;
      stream.write(`copying: ${done} of ${total} entries${eta === undefined ? '' : `, about ${eta} s left`}\n`);
    },
    stop() {},
  };
}

function reportText(report: CopyReport): string {
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
    report.ok ? 'copy complete and verified' : 'copy NOT complete: see above',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `npm run copy-from`: copies a workspace of a live silo-compatible API, through its public routes, into a file
 * of the export format (then `npm run import`). Resumable from its checkpoint; exit code 0 only when every entry
 * was copied and the file verified against the remote.
 */
async function main(): Promise<number> {
  const flags = commandFlags(COMMAND);
  const baseUrl = flags['base-url'];
  // The environment keeps the token out of the process list and the shell's history.
  const token = flags.token ?? process.env.MIGRATE_FROM_TOKEN;
  const { workspace, out } = flags;
  const timeout = Number(flags.timeout ?? 30);
  const attempts = Number(flags.attempts ?? 8);
  const every = Number(flags['progress-every'] ?? 100);
  const pageSize = Number(flags['page-size'] ?? PAGE_SIZE);
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) return refuseCommandLine(COMMAND, '--base-url takes the remote API as http(s)://…');
  if (!token) return refuseCommandLine(COMMAND, '--token TOKEN (or MIGRATE_FROM_TOKEN) is required');
  if (!workspace) return refuseCommandLine(COMMAND, '--workspace W is required');
  if (!(timeout > 0) || !(attempts >= 1) || !(every >= 1))
    return refuseCommandLine(COMMAND, '--timeout, --attempts and --progress-every take numbers above 0');
  if (!(Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= PAGE_SIZE))
    return refuseCommandLine(COMMAND, `--page-size takes a whole number from 1 to ${PAGE_SIZE}`);
  const checkpoint = new CheckpointFile(
    flags.checkpoint ?? (out ? `${out}.checkpoint.json` : `migrate-from-${workspace.replace(/[^A-Za-z0-9_.-]/g, '_')}.checkpoint.json`),
  );
  const state = checkpoint.load();
  const client = new RemoteClient({
    baseUrl,
    token,
    timeoutMs: timeout * 1000,
    maxAttempts: attempts,
    onRetry: (r) => {
      if (!process.stderr.isTTY)
        process.stderr.write(`retrying in ${(r.delayMs / 1000).toFixed(1)} s (attempt ${r.attempt}: ${r.reason}): ${r.url}\n`);
    },
  });
  const source = new RemoteWorkspace(client, workspace, serviceName(), pageSize);
  const { sink, close } = out ? fileSink(out, state ? (state.position ?? 0) : undefined) : await databaseSink(workspace);
  if (state) process.stderr.write(`resuming from ${checkpoint.file}: ${state.copied + state.present + state.failed.length} entries done\n`);
  try {
    const report = await copyWorkspace({ source, sink, checkpoint, progress: progressOn(process.stderr, every) });
    process.stdout.write(reportText(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    const e = error as Error;
    if (error instanceof RemoteRefusedError || error instanceof NotSiloError) process.stderr.write(`${e.message}\n`);
    else if (error instanceof CheckpointMismatchError) process.stderr.write(`${e.message}: give another --checkpoint (or --out)\n`);
    else if (error instanceof RemoteUnavailableError)
      process.stderr.write(`${e.message}\nstopped; run the same command again to resume from ${checkpoint.file}\n`);
    else process.stderr.write(`copy stopped: ${e.stack ?? e.message}\nrun the same command again to resume from ${checkpoint.file}\n`);
    return 1;
  } finally {
    await close();
  }
}

/** The export-format file: new, or cut back to the length the checkpoint recorded. */
function fileSink(out: string, resumeAt: number | undefined): { sink: CopySink; close: () => Promise<void> } {
  const sink = resumeAt === undefined ? FileSink.create(out) : FileSink.resume(out, resumeAt);
  return { sink, close: async () => sink.close() };
}

/** This service's database, as the service is configured: each entry written through the import's restorer. */
async function databaseSink(workspace: string): Promise<{ sink: CopySink; close: () => Promise<void> }> {
  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  // The remote's signature verdicts are not copied: each signature is verified again with this service's keys.
  const keys = loadSigningKeys(config);
  const restorer = new EntryRestorer(new EntryTransferRepository(dataSource), {
    newId: uuidv7,
    clock: () => new Date(),
    keys,
    limits: config.entryLimits,
  });
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
