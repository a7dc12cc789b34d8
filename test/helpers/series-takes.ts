import type { Outcome } from './http-outcome';

/**
 * What a race of series entries came to: the indexes each id was answered with, and the ids' indexes in order. A
 * gapless, repeat-free race gives each id one index, and the indexes 1 to the number of ids.
 */
export function takenIndexes(outcomes: readonly Outcome[]): { ambiguous: string[]; indexes: number[] } {
  const indexById = new Map<string, Set<number>>();
  for (const outcome of outcomes) {
    const body = 'body' in outcome ? (outcome.body as { id: string; index: number }) : undefined;
    if (body) indexById.set(body.id, (indexById.get(body.id) ?? new Set()).add(body.index));
  }
  return {
    ambiguous: [...indexById].filter(([, indexes]) => indexes.size !== 1).map(([id]) => id),
    indexes: [...indexById.values()].map((indexes) => [...indexes][0]).sort((a, b) => a - b),
  };
}

/** `work` over each item, at most `limit` at once (a pool pulling from one queue): the results in the items' order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** How many ids a series race sends (each to two processes), and the index its series starts at. */
export const SERIES_RACE = { ids: 2_000, start: 1_000, concurrency: 200 };
