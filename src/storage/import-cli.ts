import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { v7 as uuidv7 } from 'uuid';
import { optionValue } from '../cli-options';
import { loadConfig } from '../config';
import { CUT_SHORT, EntryRestorer, reportLine } from '../domain/entry-export';
import { openDataSource } from './data-source';
import { EntryTransferRepository } from './entry-transfer.repository';

const USAGE = 'usage: npm run import -- --workspace W [--in FILE] [--on-conflict skip|fail] [--files-dir DIR]';

/**
 * `npm run import`: the lines of an export (or of a migration) into a workspace, each entry checked, then written
 * with all its parts in one transaction. Ends with a one-line report; problems are listed on stderr as FILE:LINE.
 * Exit status 1 when anything was refused or in conflict, when the import stopped, or when the input was cut short.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const workspace = option('workspace');
  const inFile = option('in');
  const onConflict = option('on-conflict') ?? 'skip';
  const filesDir = option('files-dir');
  if (workspace === undefined || (onConflict !== 'skip' && onConflict !== 'fail')) throw new Error(USAGE);

  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  const restorer = new EntryRestorer(new EntryTransferRepository(dataSource), {
    newId: uuidv7,
    clock: () => new Date(),
    bytesOf: (sha256) => {
      const file = filesDir !== undefined && /^[0-9a-f]{64}$/.test(sha256) ? path.join(filesDir, sha256) : undefined;
      return file !== undefined && existsSync(file) ? readFileSync(file) : undefined;
    },
  });
  const input = inFile === undefined ? process.stdin : createReadStream(inFile);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const started = process.hrtime.bigint();
  let report;
  try {
    report = await restorer.restore(lines, workspace, { source: inFile ?? 'stdin', onConflict });
  } finally {
    lines.close();
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

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
