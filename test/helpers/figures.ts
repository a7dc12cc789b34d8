import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the reliability suites leave the figures of their last run (RELIABILITY.md quotes them). */
export const FIGURES_DIR = process.env.RELIABILITY_FIGURES_DIR ?? path.join(tmpdir(), 'entries-reliability');

/** Prints a suite's figures as one `RELIABILITY` line and writes them to FIGURES_DIR/<suite>-<database>.json. */
export function recordFigures(suite: string, database: string, figures: Record<string, number | string>): void {
  const line = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  process.stdout.write(`RELIABILITY ${suite} [${database}] ${line}\n`);
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(
    path.join(FIGURES_DIR, `${suite}-${database}.json`),
    `${JSON.stringify({ suite, database, at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
}
