import { readFileSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import { commandFlags, refuseCommandLine } from './cli-options';
import { loadConfig, loadSigningKeys } from '../config';
import { MAX_INDEX } from '../domain/sequences/series';
import { verifyChain } from '../domain/sequences/sequences.service';
import { openDataSource } from '../storage/data-source';
import { SequenceRepository } from '../storage/sequence.repository';

const COMMAND = {
  usage: 'npm run verify-series -- --series ID [--workspace W] [--jwks FILE]',
  description:
    'Checks a series of codes from its first entry to its last, as GET /sequence/v1/series/{id}/verify does a part of it: indexes\n' +
    'without gaps, each entry naming the one before, its code, and its signature over those and the previous signature, verified\n' +
    "with the public keys alone (the service's own, or --jwks). Prints the first break and exits 1, or exits 0 when the chain holds.",
  options: {
    series: { type: 'string', value: 'ID', description: "the series' id (required)" },
    workspace: { type: 'string', value: 'W', description: 'its workspace, when more than one workspace has a series of that id' },
    jwks: {
      type: 'string',
      value: 'FILE',
      description: "a JWKS document to verify with (GET /.well-known/jwks.json); the service's keys by default",
    },
  },
} as const;

function jwksFrom(file: string): JSONWebKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`--jwks ${file}: not a JSON file that can be read (${(error as Error).message})`, { cause: error });
  }
  if (!Array.isArray((parsed as { keys?: unknown }).keys)) throw new Error(`--jwks ${file}: not a JWKS document ({"keys": [...]})`);
  return parsed as JSONWebKeySet;
}

/** `npm run verify-series`: one series' whole chain, read a page at a time from the database. */
async function main(): Promise<void> {
  const flags = commandFlags(COMMAND);
  if (flags.series === undefined) refuseCommandLine(COMMAND, '--series ID is required');
  const config = loadConfig();
  const jwks = flags.jwks === undefined ? (loadSigningKeys(config).jwks() as unknown as JSONWebKeySet) : jwksFrom(flags.jwks);
  const dataSource = await openDataSource(config.database);
  try {
    const store = new SequenceRepository(dataSource);
    const seriesId = flags.series.toLowerCase();
    const workspaces = flags.workspace === undefined ? await store.workspacesWithSeries(seriesId) : [flags.workspace];
    if (workspaces.length > 1)
      throw new Error(`workspaces ${workspaces.join(', ')} each have a series ${seriesId}: name one with --workspace`);
    const series = workspaces.length === 1 ? await store.findSeries(workspaces[0], seriesId) : undefined;
    if (!series) throw new Error(`no series ${seriesId}${flags.workspace === undefined ? '' : ` in workspace ${flags.workspace}`}`);
    const verdict = await verifyChain(series, jwks, (options) => store.entries(series.workspaceId, series.id, options), {
      limit: MAX_INDEX,
    });
    if (verdict.firstBreak) {
      const { index, id, reason } = verdict.firstBreak;
      process.stdout.write(
        `series ${series.id} (${series.workspaceId}) breaks at index ${index}${id ? ` (entry ${id})` : ''}: ${reason}\n`,
      );
      process.stdout.write(`${verdict.checked} entries before it hold\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`series ${series.id} (${series.workspaceId}): ${verdict.checked} entries checked, the chain holds\n`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: Error) => {
  process.stderr.write(`verify-series failed: ${error.message}\n`);
  process.exit(2);
});
