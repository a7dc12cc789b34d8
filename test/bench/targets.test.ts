import type { LoadResult } from '../../bench/load';
import type { DatabaseResults, MeasuredLoad } from '../../bench/results';
import { summarize } from '../../bench/stats';
import { evaluateTargets } from '../../bench/targets';

/** A load with the given throughput per round and latencies (ms). */
function load(roundRps: number[], latencies: number[] = [1]): MeasuredLoad {
  const result: LoadResult = {
    mode: 'concurrency',
    connections: 10,
    seconds: roundRps.length,
    requests: 0,
    rps: roundRps.reduce((a, b) => a + b, 0) / roundRps.length,
    non2xx: 0,
    errors: 0,
    latency: summarize(latencies),
    rounds: roundRps.map((rps) => ({ rps })),
  };
  return { ...result, peakRssMb: 100 };
}

function database(http: Record<string, MeasuredLoad>, extra: Partial<DatabaseResults> = {}): DatabaseResults {
  return {
    name: 'sqlite',
    describe: '',
    http: Object.entries(http).map(([id, concurrency]) => ({
      id,
      title: id,
      api: id.startsWith('graphql') ? 'graphql' : 'rest',
      concurrency,
    })),
    inProcess: [],
    serviceOutput: [],
    ...extra,
  };
}

const target = (db: DatabaseResults, name: string) => evaluateTargets(db).find((t) => t.target === name)!;

describe('targets', () => {
  test('GraphQL over REST is the median of the round-by-round ratios, so one bad round cannot decide it', () => {
    // Round 2 met a busy machine for GraphQL only: pooled, the ratio would be 0.8.
    const db = database({ 'list-page-1': load([100, 100, 100, 100, 100]), 'graphql-list': load([92, 94, 20, 95, 91]) });
    const result = target(db, 'GraphQL entries is not a tax');
    expect(result.value).toBe(0.92);
    expect(result.met).toBe(true);
    expect(result.measured).toContain('median of 5 rounds (0.92, 0.94, 0.20, 0.95, 0.91)');
  });

  test('a ratio under the line in most rounds is missed', () => {
    const db = database({ 'list-page-1': load([100, 100, 100]), 'graphql-list': load([85, 95, 88]) });
    expect(target(db, 'GraphQL entries is not a tax')).toMatchObject({ value: 0.88, met: false });
  });

  test('deep paging compares the p99s of the pages sent in turn when the run has them', () => {
    const uniform = (from: number) => Array.from({ length: 1000 }, (_, i) => from + i / 1000);
    const page1 = load([1], uniform(5));
    const deep = load([1], uniform(7));
    const db = database({}, { deepPaging: { page1, deep } });
    const result = target(db, 'deep paging is free');
    expect(result.value).toBe(Math.round((deep.latency.p99Ms / page1.latency.p99Ms) * 100) / 100);
    expect(result.met).toBe(false);
    expect(result.measured).toContain('in turn on the same connections');
  });

  test('storage is the database per entry against the envelope JSON per entry, indexes included', () => {
    const storage = {
      entries: 1000,
      envelopeBytes: 1_459_000,
      databaseBytes: 3_441_000,
      tables: { entries: 1_541_000, entry_search: 1_900_000 },
    };
    const result = target(database({}, { storage }), "storage near the documents' size");
    expect([result.value, result.met]).toEqual([2.36, false]);
    expect(result.measured).toMatch(/^3441 B of database per entry \/ 1459 B of envelope JSON/);
    const small = target(database({}, { storage: { ...storage, databaseBytes: 2_000_000 } }), "storage near the documents' size");
    expect([small.value, small.met]).toEqual([1.37, true]);
    expect(evaluateTargets(database({})).some((t) => t.target === "storage near the documents' size")).toBe(false);
  });
});
