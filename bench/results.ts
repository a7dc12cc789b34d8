import type { SearchBenchResult } from './search';
import type { ExecutorResults } from './graphql-executors';
import type { NeighbourResults } from './neighbours';
import type { EventsResults } from './events';
import type { InProcessResult } from './in-process';
import type { LoadResult } from './load';
import type { SeedResult } from './seed';
import type { StorageResult } from './storage';
import type { ConsoleResults } from './console';
import type { SequencesResults } from './sequences';
import type { FormatsResults } from './formats';

/** The figures of one run, as written to bench/results/*.json and read by the table, the targets and the chart. */

export interface MeasuredLoad extends LoadResult {
  /** Peak RSS of the service during this load, MB. */
  peakRssMb: number;
}

export interface HttpScenarioResult {
  id: string;
  title: string;
  api: 'rest' | 'graphql';
  /** Fixed concurrency: as fast as the service answers. */
  concurrency?: MeasuredLoad;
  /** Fixed request rate: latency at a load the service can carry. */
  rate?: MeasuredLoad;
  /** Why the scenario did not run (GraphQL: not available). */
  skipped?: string;
}

export interface LeakResult {
  /** RSS after `firstCreates` and after `lastCreates` creates through REST. */
  firstCreates: number;
  lastCreates: number;
  rssAtFirstMb: number;
  rssAtLastMb: number;
  rps: number;
  errors: number;
  /** [creates, RSS MB] samples. */
  curve: [number, number][];
}

export interface DatabaseResults {
  name: string;
  describe: string;
  skipped?: string;
  seed?: SeedResult & { workspace: string; deepPage: number; walkRequests: number; walkSeconds: number };
  /** The database's size after the seed against the envelopes it holds (bench/storage.ts). */
  storage?: StorageResult;
  http: HttpScenarioResult[];
  inProcess: InProcessResult[];
  leak?: LeakResult;
  /**
   * List page 1 and the deep page sent in turn on the same connections at the read rate (each at half
   * of it), so that both meet the same moments of the machine: the deep-paging target compares these.
   */
  deepPaging?: { page1: MeasuredLoad; deep: MeasuredLoad };
  /** The noisy neighbour and the engine pool's cost (bench/neighbours.ts). */
  neighbours?: NeighbourResults;
  /** Events: latency to webhooks and subscribers, and what listeners cost others (bench/events.ts). */
  events?: EventsResults;
  /** The console's first page and PDFs per second (bench/console.ts). */
  console?: ConsoleResults;
  formats?: FormatsResults;
  sequences?: SequencesResults;
  /** GraphQL entries with graphql-jit and with graphql-js (bench/graphql-executors.ts). */
  graphqlExecutors?: ExecutorResults;
  /** Search latency on the seeded workspace (bench/search.ts). */
  search?: SearchBenchResult;
  /** Peak RSS of the service over the whole run on this database, MB. */
  peakRssMb?: number;
  /** Each thread's V8 heap at the end of the load (bench/rss.ts), MB. */
  threadHeaps?: ThreadHeapsMb;
  /** Lines the service logged (warn and above). */
  serviceOutput: string[];
}

export interface ThreadHeapsMb {
  /** The HTTP thread's heap: all it holds, and its live objects and garbage not yet collected. */
  http: { totalMb: number; usedMb: number };
  /** Each engine thread's heap as its latest document left it. */
  engineMb: number[];
}

/** The two pages sent in turn (step 6 of bench/README.md), titled as the table and the chart show them. */
export function deepPagingLoads(db: DatabaseResults): { title: string; load: MeasuredLoad }[] {
  if (!db.deepPaging) return [];
  return [
    { title: 'list page 1, in turn with the deep page', load: db.deepPaging.page1 },
    { title: 'list deep page, in turn with page 1', load: db.deepPaging.deep },
  ];
}

export interface TargetResult {
  database: string;
  target: string;
  /** What was compared, with the figures. */
  measured: string;
  value?: number;
  limit: string;
  met?: boolean;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  machine: { cpu: string; cores: number; memoryGb: number; os: string; node: string; loadAverageAtStart: number[] };
  settings: {
    connections: number;
    rateConnections: number;
    seconds: number;
    warmupSeconds: number;
    sliceSeconds: number;
    seedCount: number;
    deepPage: number;
    pageSize: number;
    rates: Record<string, Record<string, number>>;
  };
  databases: DatabaseResults[];
  targets: TargetResult[];
}
