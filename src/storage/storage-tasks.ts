import type { DataSource } from 'typeorm';
import type { SearchTermsRule } from '../domain/entries/model/search-store';
import type { SortAmountRule } from '../domain/entries/model/entry-store';
import { buildContentlessSearch } from './contentless-search';
import { packEnvelopes } from './envelope-packing';
import { writeSearchTermsAgain } from './search-terms-again';
import { fillSortAmounts } from './sort-amount-backfill';
import { compressTables, NOT_MARIADB, type CompressionOutcome } from './table-compression';

/**
 * The work migrations leave to be done while the service runs, because at ten million entries it takes longer
 * than a start may: packing envelopes stored as text (envelope-packing.ts), making SQLite's search index
 * contentless (contentless-search.ts), writing search rows again by a changed terms rule (search-terms-again.ts, with
 * the domain's rule, `termsOf`), filling the amount lists sort by (sort-amount-backfill.ts, with the domain's rule,
 * `sortAmount`), then compressing MariaDB's tables online (table-compression.ts). Each is
 * resumable and safe to run from several processes at once. The service runs them in the background at start;
 * `npm run migrate` runs them at full speed, with progress.
 */
export function startStorageTasks(
  dataSource: DataSource,
  { termsOf, sortAmount }: { termsOf: SearchTermsRule; sortAmount: SortAmountRule },
  report: { onError: (error: unknown) => void; onLeft: (outcome: Extract<CompressionOutcome, { outcome: 'left' }>) => void },
): { stop(): Promise<void> } {
  const controller = new AbortController();
  const run = async () => {
    await packEnvelopes(dataSource, { batch: 100, pauseMs: 50, signal: controller.signal });
    if (controller.signal.aborted) return;
    await buildContentlessSearch(dataSource, { batch: 500, pauseMs: 50, signal: controller.signal });
    if (controller.signal.aborted) return;
    await writeSearchTermsAgain(dataSource, termsOf, { batch: 100, pauseMs: 50, signal: controller.signal });
    if (controller.signal.aborted) return;
    await fillSortAmounts(dataSource, sortAmount, { batch: 200, pauseMs: 50, signal: controller.signal });
    if (controller.signal.aborted) return;
    for (const outcome of await compressTables(dataSource, { signal: controller.signal })) {
      if (outcome.outcome === 'left' && outcome.why !== NOT_MARIADB) report.onLeft(outcome);
    }
  };
  const running = run().then(() => undefined, report.onError);
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}
