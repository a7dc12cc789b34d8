import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RssSampler } from './rss';
import { seedWorkspace } from './seed';
import { distFile, runNodeProcess } from './server-process';

/** One run of `npm run export` or `npm run import` over the seeded workspace. */
export interface TransferRun {
  entries: number;
  seconds: number;
  perSecond: number;
  /** The process's own peak (getrusage maxrss). */
  peakRssMb: number;
  /** RSS sampled every 50 ms, at a quarter, half, three quarters of the run and at its end: flat when memory does not grow with the entries written. */
  rssAtQuartersMb: number[];
}

export interface ExportBenchResult {
  database: string;
  seeded: { entries: number; seconds: number; perSecond: number };
  export: TransferRun & { bytes: number };
  import: TransferRun;
}

/** Runs a CLI of the built service, sampling its RSS; resolves with its output once it exits 0. */
async function runSampled(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string; seconds: number; curve: number[] }> {
  const started = Date.now();
  const curve: number[] = [];
  const sample = (pid: number) => {
    const sampler = new RssSampler(pid);
    const timer = setInterval(() => curve.push(sampler.now()), 50);
    return () => clearInterval(timer);
  };
  const { stdout, stderr } = await runNodeProcess(args, { LOG_LEVEL: 'warn', ...env }, sample);
  return { stdout, stderr, seconds: (Date.now() - started) / 1000, curve: curve.filter((mb) => mb > 0) };
}

const quarters = (curve: number[]) => [0.25, 0.5, 0.75, 1].map((q) => Math.round(curve[Math.max(0, Math.ceil(curve.length * q) - 1)] ?? 0));
const peakOf = (text: string) => Number(/peak RSS (\d+) MB/.exec(text)?.[1] ?? NaN);
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * `--only export`: seeds `count` entries through the bulk path, exports them (`npm run export`, one process) and
 * imports the export into a fresh database of the same kind (`npm run import`, one process): entries per second
 * and peak RSS of each, and RSS along the way. `target` is the environment of the fresh database.
 */
export async function benchExport(
  database: string,
  env: Record<string, string>,
  target: Record<string, string>,
  count: number,
  log: (line: string) => void,
): Promise<ExportBenchResult> {
  const workspace = 'bench-export';
  log(`  seeding ${count} entries (npm run seed: bulk inserts)...`);
  const seeded = await seedWorkspace(env, workspace, count);
  log(`  seeded ${seeded.entries} entries in ${seeded.seconds} s (${seeded.perSecond} entries/s)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'entries-export-bench-'));
  try {
    const file = path.join(dir, 'export.ndjson');
    const exported = await runSampled([distFile('src/cli/export.js'), '--workspace', workspace, '--out', file], env);
    const exportRun = {
      entries: seeded.entries,
      seconds: round(exported.seconds),
      perSecond: Math.round(seeded.entries / exported.seconds),
      peakRssMb: peakOf(exported.stderr),
      rssAtQuartersMb: quarters(exported.curve),
      bytes: statSync(file).size,
    };
    log(
      `  export: ${exportRun.perSecond} entries/s (${exportRun.seconds} s, ${Math.round(exportRun.bytes / 2 ** 20)} MB), peak RSS ${exportRun.peakRssMb} MB, RSS at quarters ${exportRun.rssAtQuartersMb.join(' / ')} MB`,
    );
    const imported = await runSampled([distFile('src/cli/import.js'), '--workspace', workspace, '--in', file], target);
    const count = Number(/^imported (\d+),/.exec(imported.stdout)?.[1] ?? NaN);
    if (count !== seeded.entries) throw new Error(`import: ${imported.stdout.trim()} (expected ${seeded.entries} imported)`);
    const importRun = {
      entries: count,
      seconds: round(imported.seconds),
      perSecond: Math.round(count / imported.seconds),
      peakRssMb: peakOf(imported.stdout),
      rssAtQuartersMb: quarters(imported.curve),
    };
    log(
      `  import into a fresh database: ${importRun.perSecond} entries/s (${importRun.seconds} s), peak RSS ${importRun.peakRssMb} MB, RSS at quarters ${importRun.rssAtQuartersMb.join(' / ')} MB`,
    );
    return { database, seeded, export: exportRun, import: importRun };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as the text file beside the JSON. */
export function exportReport(r: ExportBenchResult, describe: string): string {
  return [
    `export / import of ${r.seeded.entries} seeded entries, ${describe}`,
    `seed (bulk path):  ${r.seeded.perSecond} entries/s (${r.seeded.seconds} s)`,
    `export:            ${r.export.perSecond} entries/s (${r.export.seconds} s, ${Math.round(r.export.bytes / 2 ** 20)} MB of NDJSON), peak RSS ${r.export.peakRssMb} MB, RSS at 1/4, 1/2, 3/4, end: ${r.export.rssAtQuartersMb.join(' / ')} MB`,
    `import (fresh db): ${r.import.perSecond} entries/s (${r.import.seconds} s, up to 100 entries a transaction), peak RSS ${r.import.peakRssMb} MB, RSS at 1/4, 1/2, 3/4, end: ${r.import.rssAtQuartersMb.join(' / ')} MB`,
    '',
  ].join('\n');
}
