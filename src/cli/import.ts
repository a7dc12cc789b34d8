import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig, loadSigningKeys } from '../config';
import { CUT_SHORT, EntryRestorer, reportLine } from '../domain/transfer/entry-restorer';
import { boundedLines } from '../domain/transfer/import-lines';
import { progressOf } from './progress';
import { openDataSource } from '../storage/data-source';
import { EntryTransferRepository } from '../storage/entry-transfer.repository';

const COMMAND = {
  usage: 'npm run import -- --workspace W [--in FILE] [--on-conflict skip|fail] [--files-dir DIR]',
  description:
    'Reads the lines of an export (or of a migration) into a workspace, each entry checked as the API checks it, then written with\n' +
    'all its parts in one transaction. Problems are listed on standard error as FILE:LINE; exit status 1 when any line was refused.',
  options: {
    workspace: { type: 'string', value: 'W', description: 'the workspace to import into (required)' },
    in: { type: 'string', value: 'FILE', description: 'read this file instead of standard input' },
    'on-conflict': { type: 'string', value: 'skip|fail', description: 'an entry already there: skip it (default), or stop' },
    'files-dir': { type: 'string', value: 'DIR', description: "where an export written with --files-dir keeps files' bytes" },
  },
} as const;

/**
 * `npm run import`: the lines of an export (or of a migration) into a workspace, each entry checked, then written
 * with all its parts in one transaction. Ends with a one-line report; problems are listed on stderr as FILE:LINE.
 * Exit status 1 when anything was refused or in conflict, when the import stopped, or when the input was cut short.
 */
async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  const { workspace, in: inFile } = flags;
  const onConflict = flags['on-conflict'] ?? 'skip';
  const filesDir = flags['files-dir'];
  if (workspace === undefined) refuseCommandLine(COMMAND, '--workspace W is required');
  if (onConflict !== 'skip' && onConflict !== 'fail') refuseCommandLine(COMMAND, `--on-conflict takes skip or fail, not '${onConflict}'`);

  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  const restorer = new EntryRestorer(new EntryTransferRepository(dataSource), {
    newId: uuidv7,
    clock: () => new Date(),
    // Signatures are verified again with this service's keys: a verdict is earned here, never read from the file.
    keys: loadSigningKeys(config),
    limits: config.entryLimits,
    bytesOf: (sha256) => {
      const file = filesDir !== undefined && /^[0-9a-f]{64}$/.test(sha256) ? path.join(filesDir, sha256) : undefined;
      return file !== undefined && existsSync(file) ? readFileSync(file) : undefined;
    },
  });
  const input = inFile === undefined ? process.stdin : createReadStream(inFile);
  // Lines read a bounded piece at a time: one past IMPORT_LINE_LIMIT is counted and skipped, never held whole.
  const lines = boundedLines(input, config.importLineLimit);
  const progress = progressOf({ what: 'importing', unit: 'lines' });
  const started = process.hrtime.bigint();
  let report;
  try {
    report = await restorer.restore(
      counted(lines, () => progress.add(1)),
      workspace,
      { source: inFile ?? 'stdin', onConflict },
    );
  } finally {
    progress.stop();
    input.destroy();
    await dataSource.destroy();
  }
  for (const problem of report.problems) process.stderr.write(`${problem}\n`);
  if (report.stopped !== undefined) process.stderr.write(`import stopped: ${report.stopped}\n`);
  else if (!report.complete) process.stderr.write(`${CUT_SHORT}\n`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`${reportLine(report)} (workspace "${workspace}", ${seconds.toFixed(2)} s, peak RSS ${peakMb} MB)\n`);
  if (report.stopped !== undefined || !report.complete || report.refused > 0 || report.conflicts > 0) process.exitCode = 1;
}

/** The same lines, `seen` called as each is read. */
async function* counted<T>(lines: AsyncIterable<T>, seen: () => void): AsyncGenerator<T> {
  for await (const line of lines) {
    seen();
    yield line;
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
