import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARTEFACT_SOURCES, type ArtefactSource } from '../formats/validation/artefact-sources';
import { commandFlags } from './cli-options';
import { progressOf } from './progress';

const COMMAND = {
  usage: 'npm run fetch:artefacts -- [--dir DIR] [--from FOLDER_OR_URL]',
  description:
    'Fills a folder with the official e-invoice validation artefacts (the UBL and CII XML Schemas, the EN 16931, Peppol and ' +
    "XRechnung rules), each file from its publisher's repository at a pinned commit and checked against its pinned SHA-256. " +
    'Files already there with the right checksum are kept. Point EINVOICE_ARTEFACTS_DIR at the folder afterwards.',
  options: {
    dir: { type: 'string', value: 'DIR', description: 'the folder to fill (default ./einvoice-artefacts)' },
    from: {
      type: 'string',
      value: 'FOLDER_OR_URL',
      description: 'a copy laid out as the folder is (a folder, or an http(s) address), for machines that cannot reach GitHub',
    },
  },
} as const;

/** Where one file is read from: the publisher's repository, or the copy `--from` names. */
function locationOf(source: ArtefactSource, file: string, from: string | undefined): string {
  if (from === undefined) {
    const inRepository = `${source.from}/${file}`.split('/').map(encodeURIComponent).join('/');
    return `https://raw.githubusercontent.com/${source.repo}/${source.commit}/${inRepository}`;
  }
  const inCopy = `${source.to}/${file}`;
  return /^https?:\/\//.test(from) ? `${from.replace(/\/$/, '')}/${inCopy}` : path.join(from, inCopy);
}

async function read(location: string): Promise<Buffer> {
  if (!/^https?:\/\//.test(location)) return readFileSync(location);
  let response: Response;
  try {
    response = await fetch(location, { signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Error(`${location} could not be reached (${why}); where GitHub cannot be reached, give a copy with --from`, { cause: error });
  }
  if (!response.ok) throw new Error(`${location}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  const dir = path.resolve(flags.dir ?? 'einvoice-artefacts');
  const files = ARTEFACT_SOURCES.flatMap((source) => source.files.map(([file, hash]) => ({ source, file, hash })));
  const progress = progressOf({ what: 'fetching', unit: 'files', total: files.length });
  let fetched = 0;
  try {
    for (const { source, file, hash } of files) {
      const target = path.join(dir, source.to, file);
      if (existsSync(target) && sha256(readFileSync(target)) === hash) {
        progress.add(1);
        continue;
      }
      const location = locationOf(source, file, flags.from);
      const bytes = await read(location);
      const got = sha256(bytes);
      if (got !== hash) throw new Error(`${location}: its SHA-256 is ${got}, not the pinned ${hash}; nothing of it was written`);
      mkdirSync(path.dirname(target), { recursive: true });
      // Written beside and renamed: an interrupted run never leaves half a file under the file's name.
      writeFileSync(`${target}.partial`, bytes);
      renameSync(`${target}.partial`, target);
      fetched++;
      progress.add(1);
    }
  } finally {
    progress.stop();
  }
  process.stdout.write(
    `${files.length} files in ${dir} (${fetched} fetched, ${files.length - fetched} already there), every checksum verified.\n` +
      `Start the service with EINVOICE_ARTEFACTS_DIR=${dir} to validate e-invoices (POST /silo/v1/formats/validate).\n`,
  );
}

main().catch((error: Error) => {
  process.stderr.write(`fetch:artefacts failed: ${error.message}\n`);
  process.exit(1);
});
