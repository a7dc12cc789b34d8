import { commandFlags } from './cli-options';
import { loadConfig } from '../config';
import { searchTermsOf } from '../domain/search/search';
import { buildContentlessSearch, type ContentlessProgress } from '../storage/contentless-search';
import { openDataSource } from '../storage/data-source';
import { packEnvelopes } from '../storage/envelope-packing';
import { writeSearchTermsAgain } from '../storage/search-terms-again';
import { fillSortAmounts } from '../storage/sort-amount-backfill';
import { SORT_AMOUNT_RULE } from '../domain/entries/model/sort-amount';
import { compressTables, NOT_MARIADB } from '../storage/table-compression';

/** At most one progress line per this many milliseconds, and one at the end of each table or step. */
const PROGRESS_EVERY_MS = 2000;

/** Writes "<what>: <done> of <total><unit> (<percent> %)": the first line of each table or step, its last, and one per PROGRESS_EVERY_MS between. */
function progressLines(): (what: string, done: number, total: number, unit?: string) => void {
  let shown = 0;
  let shownWhat: string | undefined;
  return (what, done, total, unit = '') => {
    const now = Date.now();
    if (what === shownWhat && done < total && now - shown < PROGRESS_EVERY_MS) return;
    shown = now;
    shownWhat = what;
    const percent = total === 0 ? 100 : Math.min(100, (100 * done) / total);
    process.stdout.write(`${what}: ${done} of ${total}${unit} (${percent.toFixed(1)} %)\n`);
  };
}

/**
 * `npm run migrate`: applies pending migrations to the configured database, then the work they leave to be done
 * while the service runs (envelopes stored as text before they were packed, SQLite's search index made
 * contentless, search rows indexed by an older terms rule, MariaDB tables not yet compressed; see storage-tasks.ts), showing its progress, and exits. The service
 * does the same work in the background when started; running it here first is faster, and can be stopped and
 * run again at any point.
 */
const COMMAND = {
  usage: 'npm run migrate',
  description:
    'Applies pending migrations to the configured database (DATABASE_URL, or SQLite in DATA_DIR), then the work they leave to be\n' +
    'done (packing envelopes, the contentless search index, search rows by a newer terms rule, the amounts lists sort by,\n' +
    'compressing MariaDB tables), with\n' +
    'its progress. Safe to stop and run again at any point; the service does the same work in the background when started.',
  options: {},
} as const;

async function main(): Promise<void> {
  commandFlags(COMMAND);
  const config = loadConfig();
  const dataSource = await openDataSource(config.database);
  process.stdout.write(`migrations applied to the ${config.database.type} database\n`);
  const show = progressLines();
  const packed = await packEnvelopes(dataSource, {
    onProgress: ({ table, packed, total }) => show(`packing envelopes in ${table}`, packed, total, ' rows'),
  });
  if (packed > 0) process.stdout.write(`envelopes packed: ${packed} rows\n`);
  const steps: Record<ContentlessProgress['step'], string> = {
    index: 'indexing search rows in the contentless index',
    clear: 'clearing the terms text of search rows',
    drop: 'freeing the old search index',
  };
  await buildContentlessSearch(dataSource, { onProgress: ({ step, done, total }) => show(steps[step], done, total) });
  await writeSearchTermsAgain(dataSource, searchTermsOf, {
    onProgress: ({ done, total }) => show('writing search rows again by the new terms rule', done, total, ' rows'),
  });
  await fillSortAmounts(dataSource, SORT_AMOUNT_RULE, {
    onProgress: ({ done, total }) => show('filling the amounts lists sort by', done, total, ' rows'),
  });
  const outcomes = await compressTables(dataSource, {
    onProgress: ({ table, percent }) => {
      if (percent < 100) process.stdout.write(`compressing table ${table} (online: reads and writes go on): ${percent.toFixed(1)} %\n`);
    },
  });
  for (const outcome of outcomes) {
    if (outcome.outcome === 'compressed') process.stdout.write(`table ${outcome.table} compressed in ${outcome.seconds.toFixed(1)} s\n`);
    if (outcome.outcome === 'left' && outcome.why !== NOT_MARIADB)
      process.stdout.write(`table ${outcome.table} left uncompressed: ${outcome.why}\n`);
  }
  await dataSource.destroy();
}

main().catch((error: Error) => {
  process.stderr.write(`migration failed: ${error.message}\n`);
  process.exit(1);
});
