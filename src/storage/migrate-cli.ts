import { loadConfig } from '../config';
import { buildContentlessSearch, type ContentlessProgress } from './contentless-search';
import { openDataSource } from './data-source';
import { packEnvelopes, type PackingProgress } from './envelope-packing';
import { compressTables, NOT_MARIADB } from './table-compression';

/** At most one progress line per this many milliseconds, and one at the end of each table. */
const PROGRESS_EVERY_MS = 2000;

/**
 * `npm run migrate`: applies pending migrations to the configured database, then the work they leave to be done
 * while the service runs (envelopes stored as text before they were packed, SQLite's search index made
 * contentless, MariaDB tables not yet compressed; see storage-tasks.ts), showing its progress, and exits. The service
 * does the same work in the background when started; running it here first is faster, and can be stopped and
 * run again at any point.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  process.stdout.write(`migrations applied to the ${config.database.type} database\n`);
  let shown = 0;
  const show = (progress: PackingProgress) => {
    const now = Date.now();
    const ended = progress.packed >= progress.total;
    if (!ended && now - shown < PROGRESS_EVERY_MS) return;
    shown = now;
    const percent = progress.total === 0 ? 100 : Math.min(100, (100 * progress.packed) / progress.total);
    process.stdout.write(`packing envelopes in ${progress.table}: ${progress.packed} of ${progress.total} rows (${percent.toFixed(1)} %)\n`);
  };
  const packed = await packEnvelopes(dataSource, { onProgress: show });
  if (packed > 0) process.stdout.write(`envelopes packed: ${packed} rows\n`);
  const steps: Record<ContentlessProgress['step'], string> = {
    index: 'indexing search rows in the contentless index',
    clear: 'clearing the terms text of search rows',
    drop: 'freeing the old search index',
  };
  let lastStep: string | undefined;
  const showSearch = (progress: ContentlessProgress) => {
    const now = Date.now();
    if (progress.step === lastStep && progress.done < progress.total && now - shown < PROGRESS_EVERY_MS) return;
    shown = now;
    lastStep = progress.step;
    const percent = progress.total === 0 ? 100 : Math.min(100, (100 * progress.done) / progress.total);
    process.stdout.write(`${steps[progress.step]}: ${progress.done} of ${progress.total} (${percent.toFixed(1)} %)\n`);
  };
  await buildContentlessSearch(dataSource, { onProgress: showSearch });
  const outcomes = await compressTables(dataSource, {
    onProgress: ({ table, percent }) => {
      if (percent < 100) process.stdout.write(`compressing table ${table} (online: reads and writes go on): ${percent.toFixed(1)} %\n`);
    },
  });
  for (const outcome of outcomes) {
    if (outcome.outcome === 'compressed') process.stdout.write(`table ${outcome.table} compressed in ${outcome.seconds.toFixed(1)} s\n`);
    if (outcome.outcome === 'left' && outcome.why !== NOT_MARIADB) process.stdout.write(`table ${outcome.table} left uncompressed: ${outcome.why}\n`);
  }
  await dataSource.destroy();
}

main().catch((error: Error) => {
  process.stderr.write(`migration failed: ${error.message}\n`);
  process.exit(1);
});
