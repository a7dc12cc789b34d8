import { randomUUID } from 'node:crypto';
import { mintToken } from '../src/auth/mint-token';
import { flood } from './flood-process';
import { INVOICE } from './scenarios';
import { startService } from './server-process';
import { summarize, type LatencySummary } from './stats';

/** What `--only sequences` measures (see bench/README.md, "Sequences and jobs"). */
export interface SequencesResults {
  /** PUT /sequence/v1/series/{id}/entries/{new id} on one series at `connections` at once: codes taken per second. */
  takes: Takes;
  /** The same with three service processes on the one database, the connections shared among them. */
  takesOnThree: Takes;
  /** Jobs of a four-step workflow (number, sign, PDF, state) over new entries, all started at once: jobs ended per second. */
  jobs: { count: number; seconds: number; perSecond: number; stepsPerSecond: number };
  /** GET /sequence/v1/series/{id}/verify of the whole series taken above: entries checked per second. */
  verify: { entries: number; perSecond: number };
  /**
   * Another workspace's creates, one after another, alone and while this one tries to start 100,000 PDF jobs (1,000
   * in flight at most: the rest are refused, `refusedStatus`): their p99 in each case.
   */
  neighbour: {
    idleP99Ms: number;
    busyP99Ms: number;
    refusedStatus: number;
    /** Jobs the busy workspace tried to start (BENCH_JOB_FLOOD), their answers by status, and how long that took. */
    attempts: number;
    statuses: Record<number, number>;
    floodSeconds: number;
    /** The quiet workspace's creates measured during the flood. */
    quietCreates: number;
    /** Their p99 for AFTER_FLOOD_SECONDS once the flood has stopped, the jobs it started still running. */
    jobsAloneP99Ms: number;
  };
}

export interface Takes {
  processes: number;
  connections: number;
  perSecond: number;
  latency: LatencySummary;
  /** Transactions the processes ran again after a conflict (db_transaction_retries_total): none on SQLite. */
  retries: number;
}

/** A process's count of transactions run again, from its /metrics. */
async function retriesOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^db_transaction_retries_total (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * Codes taken on one new series for `seconds`, `connections` at once spread over `urls` (processes on one database),
 * each request a new id.
 */
export async function takeCodes(urls: string[], headers: Record<string, string>, seconds: number, connections = 8): Promise<Takes> {
  const seriesId = randomUUID();
  const put = async (url: string, path: string) => {
    const reply = await fetch(`${url}${path}`, { method: 'PUT', headers, body: '{}' });
    if (!reply.ok) throw new Error(`PUT ${path} answered ${reply.status}: ${await reply.text()}`);
    await reply.arrayBuffer();
  };
  await put(urls[0], `/sequence/v1/series/${seriesId}`);
  const retriesBefore = (await Promise.all(urls.map(retriesOf))).reduce((a, b) => a + b, 0);
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      while (Date.now() < until) {
        const started = performance.now();
        await put(urls[i % urls.length], `/sequence/v1/series/${seriesId}/entries/${randomUUID()}`);
        times.push(performance.now() - started);
      }
    }),
  );
  const retries = (await Promise.all(urls.map(retriesOf))).reduce((a, b) => a + b, 0) - retriesBefore;
  return { processes: urls.length, connections, perSecond: Math.round(times.length / seconds), latency: summarize(times), retries };
}

const describeTakes = (t: Takes) =>
  `${t.perSecond} codes per second on one series, ${t.processes} process(es), ${t.connections} connections, p50 ${t.latency.p50Ms} ms, p99 ${t.latency.p99Ms} ms, ${t.retries} conflict retries`;

/**
 * `--only sequences`: how fast one series gives codes when every request contends for it (its row is the turnstile),
 * how fast the job runner takes jobs through their steps, and how fast a chain is verified.
 */
export async function benchSequences(
  env: Record<string, string>,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<SequencesResults> {
  const service = await startService(env);
  const headers = {
    authorization: `Bearer ${await mintToken(secret, `bench-sequences-${randomUUID()}`, { expiresIn: '1d' })}`,
    'content-type': 'application/json',
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const reply = await fetch(`${service.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${await reply.text()}`);
    return (await reply.json()) as Record<string, any>;
  };
  try {
    const takes = await takeCodes([service.url], headers, seconds);
    log(`  sequences: ${describeTakes(takes)}`);
    const others = [await startService(env), await startService(env)];
    const takesOnThree = await takeCodes([service.url, ...others.map((o) => o.url)], headers, seconds).finally(() =>
      Promise.all(others.map((o) => o.stop())),
    );
    log(`  sequences: ${describeTakes(takesOnThree)}`);
    const [series] = (await call('GET', '/sequence/v1/series')).list as { id: string }[];
    const seriesId = series.id;

    const verifyStarted = performance.now();
    const verdict = await call('GET', `/sequence/v1/series/${seriesId}/verify?limit=100000`);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    const verify = { entries: verdict.checked as number, perSecond: Math.round(verdict.checked / verifySeconds) };
    log(`  sequences: verified ${verify.entries} entries of the chain at ${verify.perSecond} per second (valid: ${verdict.valid})`);

    const step = (provider: string, config: Record<string, unknown> = {}) => ({ id: randomUUID(), provider, config });
    const workflowId = randomUUID();
    const steps = [
      step('sequence.enumerate', { name: 'Bench', padding: 6 }),
      step('silo.close'),
      step('pdf'),
      step('silo.state', { state: 'sent' }),
    ];
    await call('PUT', `/transform/v1/workflows/${workflowId}`, { name: 'Bench', steps });
    const count = 100;
    const { code: _code, ...uncoded } = INVOICE as Record<string, unknown>;
    const entryIds = await Promise.all(
      Array.from({ length: count }, async () => (await call('POST', '/silo/v1/entries', { data: uncoded })).id as string),
    );
    const jobsStarted = performance.now();
    const jobIds = await Promise.all(
      entryIds.map(
        async (entryId) => (await call('POST', '/transform/v1/jobs', { workflow_id: workflowId, silo_entry_id: entryId })).id as string,
      ),
    );
    for (const id of jobIds) {
      for (;;) {
        const job = await call('GET', `/transform/v1/jobs/${id}`);
        if (job.status === 'completed') break;
        if (job.status === 'failed') throw new Error(`job ${id} failed: ${JSON.stringify(job.faults)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const jobSeconds = (performance.now() - jobsStarted) / 1000;
    const jobs = {
      count,
      seconds: Number(jobSeconds.toFixed(1)),
      perSecond: Number((count / jobSeconds).toFixed(1)),
      stepsPerSecond: Number(((count * steps.length) / jobSeconds).toFixed(1)),
    };
    log(
      `  sequences: ${count} jobs of ${steps.length} steps (number, sign, PDF, state) in ${jobs.seconds} s: ${jobs.perSecond} jobs, ${jobs.stepsPerSecond} steps per second, one workspace`,
    );
    const neighbour = await neighbourCost(service.url, secret, uncoded, steps.slice(2), log);
    return { takes, takesOnThree, jobs, verify, neighbour };
  } finally {
    await service.stop();
  }
}

/** `count` creates in a workspace of their own, one after another: each one's time. */
async function quietCreates(url: string, token: string, data: unknown, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const reply = await fetch(`${url}/silo/v1/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    await reply.text();
    times.push(performance.now() - started);
  }
  return times;
}

/** How many jobs the busy workspace tries to start (BENCH_JOB_FLOOD): the issue's 100,000 by default. */
const JOB_FLOOD = Number(process.env.BENCH_JOB_FLOOD ?? 100_000);
/**
 * For how long at most (BENCH_JOB_FLOOD_SECONDS): held to WORKSPACE_REQUEST_RATE once its neighbour is served, the
 * busy workspace asks 100 times a second, and 100,000 tries would take a quarter of an hour.
 */
const JOB_FLOOD_SECONDS = Number(process.env.BENCH_JOB_FLOOD_SECONDS ?? 120);
/** How long the quiet creates go on after the flood, beside the jobs it started (at most 1,000, at 10 to 25 a second). */
const AFTER_FLOOD_SECONDS = 30;

/**
 * A quiet workspace's creates alone, then while another workspace tries to start JOB_FLOOD PDF jobs, 50 requests at
 * a time from a process of its own (bench/flood-process.ts): the first 1,000 are taken (its jobs in flight),
 * the rest refused until some end. The quiet creates are measured for as long as the flood lasts.
 */
async function neighbourCost(
  url: string,
  secret: string,
  data: unknown,
  steps: unknown[],
  log: (line: string) => void,
): Promise<SequencesResults['neighbour']> {
  const quiet = await mintToken(secret, `bench-quiet-${randomUUID()}`, { expiresIn: '1d' });
  await quietCreates(url, quiet, data, 50); // warm
  const idle = summarize(await quietCreates(url, quiet, data, 200));
  const busy = {
    authorization: `Bearer ${await mintToken(secret, `bench-busy-${randomUUID()}`, { expiresIn: '1d' })}`,
    'content-type': 'application/json',
  };
  const post = (route: string, body: unknown) => fetch(`${url}${route}`, { method: 'POST', headers: busy, body: JSON.stringify(body) });
  const workflowId = randomUUID();
  await fetch(`${url}/transform/v1/workflows/${workflowId}`, {
    method: 'PUT',
    headers: busy,
    body: JSON.stringify({ name: 'Busy', steps }),
  });
  const entry = (await (await post('/silo/v1/entries', { data })).json()) as { id: string };
  const flooded = flood({
    url,
    request: {
      method: 'POST',
      path: '/transform/v1/jobs',
      headers: busy,
      body: JSON.stringify({ workflow_id: workflowId, silo_entry_id: entry.id }),
    },
    attempts: JOB_FLOOD,
    concurrency: 50,
    seconds: JOB_FLOOD_SECONDS,
  });
  let flooding = true;
  void flooded.finally(() => (flooding = false)).catch(() => undefined);
  const duringTimes: number[] = [];
  while (flooding) duringTimes.push(...(await quietCreates(url, quiet, data, 20)));
  const { attempts, statuses, seconds: floodSeconds } = await flooded;
  const during = summarize(duringTimes);
  // The flood over, the jobs it started (up to 1,000) run on: the creates beside the jobs alone.
  const afterTimes: number[] = [];
  const until = Date.now() + AFTER_FLOOD_SECONDS * 1000;
  while (Date.now() < until) afterTimes.push(...(await quietCreates(url, quiet, data, 20)));
  const jobsAlone = summarize(afterTimes);
  const refusedStatus = Number(Object.keys(statuses).find((status) => status !== '202') ?? 0);
  log(
    `  sequences: another workspace's creates: p99 ${idle.p99Ms} ms alone, ${during.p99Ms} ms (${during.count} creates) while ` +
      `one tried to start ${attempts.toLocaleString('en')} PDF jobs in ${floodSeconds.toFixed(0)} s, 50 at once ` +
      `(answers ${JSON.stringify(statuses)}); p99 ${jobsAlone.p99Ms} ms in the ${AFTER_FLOOD_SECONDS} s after it, its jobs still running`,
  );
  return {
    idleP99Ms: idle.p99Ms,
    busyP99Ms: during.p99Ms,
    refusedStatus,
    attempts,
    statuses,
    floodSeconds,
    quietCreates: during.count,
    jobsAloneP99Ms: jobsAlone.p99Ms,
  };
}
