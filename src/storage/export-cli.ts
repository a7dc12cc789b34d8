import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { optionValue } from '../cli-options';
import { loadConfig } from '../config';
import { serviceName } from '../service-name';
import { endLine, entryLineOf, headerLine } from '../domain/entry-export';
import { contentsOf } from '../domain/entry-transfer-store';
import { openDataSource } from './data-source';
import { EntryTransferRepository } from './entry-transfer.repository';

const USAGE = 'usage: npm run export -- --workspace W [--out FILE] [--since TIME] [--after ID] [--files-dir DIR] [--page 100]';

/** Writes a line, waiting when the stream's buffer is full: memory holds what the reader has not taken, no more. */
async function writeLine(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/**
 * `npm run export`: a workspace's entries as NDJSON (the export format, README "Moving data"), oldest first, read a
 * page at a time and written with backpressure, so memory stays flat whatever the workspace's size.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => optionValue(args, name);
  const workspace = option('workspace');
  const outFile = option('out');
  const sinceText = option('since');
  const afterId = option('after');
  const filesDir = option('files-dir');
  const pageSize = Number(option('page') ?? 100);
  const since = sinceText === undefined ? undefined : new Date(sinceText);
  if (workspace === undefined || !(pageSize > 0) || (since !== undefined && Number.isNaN(since.getTime()))) throw new Error(USAGE);

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
    if (filesDir !== undefined) mkdirSync(filesDir, { recursive: true });
    const out: Writable = outFile === undefined ? process.stdout : createWriteStream(outFile);
    await writeLine(
      out,
      headerLine({ service: serviceName(), workspace, exported_at: new Date().toISOString(), since: since?.toISOString(), after: afterId, files: filesDir === undefined ? 'inline' : 'dir' }),
    );
    for await (const page of store.pages(workspace, { since, after, pageSize })) {
      for (const bundle of page) {
        if (filesDir !== undefined) {
          for (const content of bundle.files.flatMap(contentsOf)) {
            const target = path.join(filesDir, content.hash);
            // Once per distinct content, written whole or not at all (a rename), so a file there is always complete.
            if (content.bytes === undefined || existsSync(target)) continue;
            writeFileSync(`${target}.part`, content.bytes);
            renameSync(`${target}.part`, target);
          }
        }
        await writeLine(out, JSON.stringify(entryLineOf(bundle, { inline: filesDir === undefined })));
        count++;
      }
    }
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
