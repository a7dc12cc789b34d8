import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig } from '../config';
import { makePrivateDir, makePrivateFile, narrowToOwner, PRIVATE_FILE_MODE } from '../private-files';
import { progressOf } from './progress';
import { serviceName } from '../service-name';
import { endLine, entryLineOf, headerLine } from '../domain/transfer/entry-export';
import { contentsOf } from '../domain/transfer/entry-transfer-store';
import { openDataSource } from '../storage/data-source';
import { EntryTransferRepository } from '../storage/entry-transfer.repository';

const COMMAND = {
  usage: 'npm run export -- --workspace W [--out FILE] [--since TIME] [--after ID] [--files-dir DIR] [--page 100]',
  description:
    "Writes a workspace's entries, every part of them, as NDJSON (docs/operations.md, Moving data), oldest first, to standard output or\n" +
    '--out FILE (0600: it holds secure meta values). Progress goes to standard error.',
  options: {
    workspace: { type: 'string', value: 'W', description: 'the workspace to export (required)' },
    out: { type: 'string', value: 'FILE', description: 'write here instead of standard output' },
    since: { type: 'string', value: 'TIME', description: 'only entries created or changed since this ISO time' },
    after: { type: 'string', value: 'ID', description: 'resume after this entry id (the last line of a cut export)' },
    'files-dir': { type: 'string', value: 'DIR', description: "write files' bytes there, once per content, instead of inline" },
    page: { type: 'string', value: 'N', description: 'entries read per page (default 100)' },
  },
} as const;

/** Writes a line, waiting when the stream's buffer is full: memory holds what the reader has not taken, no more. */
async function writeLine(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/**
 * `npm run export`: a workspace's entries as NDJSON (the export format, docs/operations.md, "Moving data"), oldest first, read a
 * page at a time and written with backpressure, so memory stays flat whatever the workspace's size.
 */
async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  const { workspace, out: outFile, since: sinceText, after: afterId } = flags;
  const filesDir = flags['files-dir'];
  const pageSize = Number(flags.page ?? 100);
  const since = sinceText === undefined ? undefined : new Date(sinceText);
  if (workspace === undefined) refuseCommandLine(COMMAND, '--workspace W is required');
  if (!(Number.isInteger(pageSize) && pageSize > 0)) refuseCommandLine(COMMAND, `--page takes a whole number above 0, not '${flags.page}'`);
  if (since !== undefined && Number.isNaN(since.getTime()))
    refuseCommandLine(COMMAND, `--since takes an ISO time such as 2026-11-20T00:00:00Z, not '${sinceText}'`);

  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  const store = new EntryTransferRepository(dataSource);
  const started = process.hrtime.bigint();
  let count = 0;
  try {
    if (!(await store.hasEntries(workspace))) throw new Error(`workspace ${workspace} has no entries`);
    let after: { createdAt: Date; id: string } | undefined;
    if (afterId !== undefined) {
      const createdAt = await store.createdAtOf(workspace, afterId);
      if (!createdAt) throw new Error(`--after: workspace ${workspace} has no entry ${afterId}`);
      after = { createdAt, id: afterId };
    }
    // The export holds secure meta values and every document: owner-only, like the database and its backups.
    if (filesDir !== undefined) makePrivateDir(filesDir);
    if (outFile !== undefined) {
      makePrivateFile(outFile);
      narrowToOwner({ dirs: [], files: [outFile] });
    }
    const out: Writable = outFile === undefined ? process.stdout : createWriteStream(outFile);
    await writeLine(
      out,
      headerLine({
        service: serviceName(),
        workspace,
        exported_at: new Date().toISOString(),
        since: since?.toISOString(),
        after: afterId,
        files: filesDir === undefined ? 'inline' : 'dir',
      }),
    );
    const progress = progressOf({ what: 'exporting', unit: 'entries' });
    for await (const page of store.pages(workspace, { since, after, pageSize })) {
      for (const bundle of page) {
        if (filesDir !== undefined) {
          for (const content of bundle.files.flatMap(contentsOf)) {
            const target = path.join(filesDir, content.hash);
            // Once per distinct content, written whole or not at all (a rename), so a file there is always complete.
            if (content.bytes === undefined) continue;
            if (existsSync(target)) {
              narrowToOwner({ dirs: [], files: [target] }); // written by an export before files were private
              continue;
            }
            rmSync(`${target}.part`, { force: true }); // a leftover keeps its mode: made anew, owner-only
            writeFileSync(`${target}.part`, content.bytes, { mode: PRIVATE_FILE_MODE });
            renameSync(`${target}.part`, target);
          }
        }
        await writeLine(out, JSON.stringify(entryLineOf(bundle, { inline: filesDir === undefined })));
        count++;
        progress.add(1);
      }
    }
    progress.stop();
    await writeLine(out, endLine(count));
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
  } finally {
    await dataSource.destroy();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stderr.write(`exported ${count} entries of workspace "${workspace}" in ${seconds.toFixed(2)} s, peak RSS ${peakMb} MB\n`);
  // The API never shows a secure meta row's value; the operator's export does, so the file is as sensitive as the database.
  process.stderr.write('note: the export holds secure meta rows with their values: keep it as you keep the database\n');
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
