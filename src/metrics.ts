import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at GET /metrics (src/http/metrics.ts). One registry for the
 * process: what it measures (event loop, heap, engine, database) belongs to the process, not to one server.
 * Node's own metrics (event-loop delay, heap, GC, handles) come from prom-client's defaults.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Latency buckets in seconds, from a cached read to a large invoice's engine run. */
const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

const engineSeconds = new Histogram({
  name: 'engine_document_seconds',
  help: 'Time the GOBL engine took to normalize, calculate and validate one document.',
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

const querySeconds = new Histogram({
  name: 'db_query_duration_seconds',
  help: 'Time of each database query, from sending it to its result.',
  labelNames: ['outcome'] as const,
  buckets: SECONDS_BUCKETS,
  registers: [metricsRegistry],
});

/** The database pools of this process, each read when scraped. */
const pools = new Set<() => { size: number; inUse: number; waiting: number }>();

new Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by state: open, in use, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const read of pools) {
      const { size, inUse, waiting } = read();
      this.inc({ state: 'open' }, size);
      this.inc({ state: 'in_use' }, inUse);
      this.inc({ state: 'waiting' }, waiting);
    }
  },
});

/** One document's run through the engine, wherever it runs (in the process or in a worker). */
export function observeEngineSeconds(seconds: number): void {
  engineSeconds.observe(seconds);
}

/** The engine pools of this process, each read when scraped (tests run several servers in one process). */
const engineHeaps = new Set<() => number[]>();

new Gauge({
  name: 'engine_thread_heap_bytes',
  help: "Each engine thread's V8 heap as its latest document left it, garbage not yet collected included; the HTTP thread's is nodejs_heap_size_total_bytes.",
  labelNames: ['thread'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    let thread = 0;
    for (const read of engineHeaps) for (const bytes of read()) this.set({ thread: String(thread++) }, bytes);
  },
});

/** Reports an engine pool's thread heaps at each scrape, until the returned function is called. */
export function watchEngineHeaps(read: () => number[]): () => void {
  engineHeaps.add(read);
  return () => engineHeaps.delete(read);
}

/** One database query. */
export function observeQuerySeconds(seconds: number, failed: boolean): void {
  querySeconds.labels(failed ? 'error' : 'ok').observe(seconds);
}

/** Reports a database pool's use at each scrape, until the returned function is called. */
export function watchPool(read: () => { size: number; inUse: number; waiting: number }): () => void {
  pools.add(read);
  return () => pools.delete(read);
}

const eventsWritten = new Counter({
  name: 'events_written_total',
  help: 'Events committed with their changes, by type.',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

/** Events a committed write of this process wrote. */
export function countEventsWritten(types: readonly string[]): void {
  for (const type of types) eventsWritten.inc({ type });
}

/**
 * A gauge summed, at each scrape, over the readers registered to it (one per server of the process: tests run
 * several); `watch` registers one until the function it returns is called.
 */
function summedGauge(name: string, help: string): (read: () => number) => () => void {
  const readers = new Set<() => number>();
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    collect() {
      let sum = 0;
      for (const read of readers) sum += read();
      this.set(sum);
    },
  });
  return (read) => {
    readers.add(read);
    return () => readers.delete(read);
  };
}

/** Reports a feed watch's waiters at each scrape, until the returned function is called. */
export const watchFeedWaiters = summedGauge(
  'event_feed_waiters',
  'Reads of the event feed waiting for an event (long polls), in this process.',
);

/** Reports a subscription server's open subscriptions at each scrape, until the returned function is called. */
export const watchSubscriptions = summedGauge('graphql_subscriptions_open', 'GraphQL subscriptions (graphql-ws) open at the moment.');

const webhookDeliveries = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts made by this process, by outcome: delivered, retrying (to be tried again), failed (given up), interrupted (cut by a close, tried again by any process).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** From a second to the three days of the retry schedule. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 6 * 3600, 24 * 3600, 3 * 24 * 3600];

const webhookLag = new Histogram({
  name: 'webhook_delivery_lag_seconds',
  help: 'Time from an event being written to its successful delivery to an endpoint (retries included).',
  buckets: LAG_BUCKETS,
  registers: [metricsRegistry],
});

const webhookEndpointsDisabled = new Counter({
  name: 'webhook_endpoints_disabled_total',
  help: 'Webhook endpoints this process disabled because every delivery had failed for too long.',
  registers: [metricsRegistry],
});

/** One webhook attempt; `lagSeconds` when it delivered an event of the feed. */
export function countWebhookAttempt(outcome: string, lagSeconds?: number): void {
  webhookDeliveries.inc({ outcome });
  if (lagSeconds !== undefined) webhookLag.observe(Math.max(0, lagSeconds));
}

const transactionRetries = new Counter({
  name: 'db_transaction_retries_total',
  help: 'Transactions run again after a deadlock, a lock wait timeout or a cluster certification conflict (MariaDB, Galera).',
  registers: [metricsRegistry],
});

/** A transaction met a conflict and is run again from the start (storage/transient-errors.ts). */
export function countTransactionRetry(): void {
  transactionRetries.inc();
}

/** An endpoint disabled for failing. */
export function countWebhookEndpointDisabled(): void {
  webhookEndpointsDisabled.inc();
}

const rateLimitedRequests = new Counter({
  name: 'http_requests_rate_limited_total',
  help: "Requests past their workspace's rate (WORKSPACE_REQUEST_RATE) while other workspaces were served: held for their turn, or refused 429.",
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** A request held for its workspace's turn, or refused because that turn was too far off (http/workspace-admission.ts). */
export function countRateLimited(outcome: 'held' | 'refused'): void {
  rateLimitedRequests.inc({ outcome });
}
