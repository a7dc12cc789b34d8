/**
 * `npm run bench [-- --quick]`: starts the built service in a child process with production settings,
 * seeds a workspace through the bulk path, drives HTTP load with autocannon from this process at fixed
 * concurrency and at fixed rates, runs the in-process scenarios in child processes, and prints one table
 * per scenario, load and database. Figures go to bench/results/ as JSON, Markdown and an SVG chart.
 *
 * Options: --quick, --db sqlite|mariadb (default both), --seconds N, --connections N, --no-build, --keep,
 * --leak sqlite|mariadb|all|none (default sqlite), --mariadb-url URL (default mysql://root@127.0.0.1:3306/test),
 * --report FILE.json (print and chart a saved run again), --only neighbours|events|console|executors|galera (the noisy-neighbour
 * step, graphql-jit against graphql-js, or the service on a local Galera cluster, alone), --only search
 * [--search-count N] (search latency on N seeded entries, default 1,000,000), --only http [--scenarios ID,ID] (the
 * HTTP scenarios alone, or those named, after the seed), --only export [--count N] (export and import of N seeded
 * entries, default 100,000), --only scale [--count N] (list, search and create latency as one workspace grows to N
 * entries, default 10,000,000, bench/scale.ts), --mariadb-database NAME (default bench).
 * See bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mintToken } from '../src/auth/mint-token';
import { commandFlags } from '../src/cli/cli-options';
import { renderChart } from './chart';
import { mariadbDatabase, sqliteDatabase, type BenchDatabase, type DatabaseName } from './databases';
import { runInProcess, type WorkerMode } from './in-process';
import { combine, runInTurn, runLoad, runSlice, type LoadSlice } from './load';
import { benchGraphqlExecutors } from './graphql-executors';
import { benchGalera, printGalera } from './galera';
import { benchNeighbours } from './neighbours';
import { benchConsole } from './console';
import { benchFormats } from './formats';
import { benchSequences } from './sequences';
import { benchEvents } from './events';
import { benchExport, exportReport } from './export';
import { markdownReport, printReport } from './report';
import {
  deepPagingLoads,
  type BenchResults,
  type DatabaseResults,
  type HttpScenarioResult,
  type LeakResult,
  type MeasuredLoad,
} from './results';
import {
  checkScenario,
  graphqlAvailable,
  PAGE_SIZE,
  RATE_SETTERS,
  SCENARIOS,
  type HttpRequest,
  type HttpScenario,
  type RateGroup,
  type ScenarioContext,
} from './scenarios';
import { benchScale, scaleReport, scaleTargets, type ScaleResult } from './scale';
import { benchSearch } from './search';
import { seedWorkspace, walkToPage } from './seed';
import { describeThreadHeaps, threadHeaps } from './rss';
import { describeStorage, measureStorage } from './storage';
import { buildService, ROOT, startService, type ServiceProcess } from './server-process';
import { evaluateTargets } from './targets';

const COMMAND = {
  usage: 'npm run bench -- [--quick] [--db sqlite,mariadb] [--seconds N] [--only STEP] [...]',
  description: 'The benchmark suite: starts the built service, seeds it, loads it, and prints and saves its figures (bench/README.md).',
  options: {
    quick: { type: 'boolean', description: 'a short run (a smaller seed, shorter loads)' },
    db: { type: 'string', value: 'LIST', description: 'sqlite, mariadb or both, comma separated (default both)' },
    seconds: { type: 'string', value: 'N', description: 'seconds of each load (default 10, 3 with --quick)' },
    connections: { type: 'string', value: 'N', description: 'connections of the fixed-concurrency loads (default 10)' },
    'no-build': { type: 'boolean', description: 'run the service as built already' },
    keep: { type: 'boolean', description: 'keep the seeded databases' },
    leak: { type: 'string', value: 'DB', description: 'where the leak check runs: sqlite, mariadb, all or none (default sqlite)' },
    'mariadb-url': { type: 'string', value: 'URL', description: 'the MariaDB server (default mysql://root@127.0.0.1:3306/test)' },
    'mariadb-database': { type: 'string', value: 'NAME', description: 'the database the bench makes there (default bench)' },
    report: { type: 'string', value: 'FILE', description: 'print and chart a saved run again' },
    only: {
      type: 'string',
      value: 'STEP',
      description: 'one step alone: neighbours, events, console, formats, sequences, executors, galera, http, search, export or scale',
    },
    scenarios: { type: 'string', value: 'IDS', description: 'with --only http: the scenarios to run, comma separated' },
    'search-count': { type: 'string', value: 'N', description: 'with --only search: entries seeded (default 1,000,000)' },
    count: { type: 'string', value: 'N', description: 'with --only export or scale: entries (default 100,000 and 10,000,000)' },
  },
} as const;
const flags = commandFlags(COMMAND);
const flag = (name: 'quick' | 'keep' | 'no-build') => flags[name] === true;
const option = (name: Exclude<keyof typeof COMMAND.options, 'quick' | 'keep' | 'no-build'>) => flags[name];

const quick = flag('quick');
const settings = {
  connections: Number(option('connections') ?? 10),
  /**
   * autocannon paces each connection per second: it sends its share of the second back to back, then
   * waits. With two connections at most two requests are in flight, so the fixed-rate runs show the
   * latency of a service that is not saturated, rather than bursts of ten.
   */
  rateConnections: 2,
  seconds: Number(option('seconds') ?? (quick ? 3 : 10)),
  warmupSeconds: quick ? 1 : 2,
  /** Scenarios take turns in stretches of this many seconds (see interleaved). */
  sliceSeconds: quick ? 1 : 2,
  seedCount: quick ? 100_000 : 1_000_000,
  /** Page 10,000 of 20 is 200,000 entries deep: in the quick seed of 100,000 the walk goes to page 2,500. */
  deepPage: quick ? 2_500 : 10_000,
  pageSize: PAGE_SIZE,
  leak: quick ? { first: 1_000, last: 10_000 } : { first: 10_000, last: 100_000 },
  rates: {} as Record<string, Record<string, number>>,
};
const databases = (option('db') ?? 'sqlite,mariadb').split(',') as DatabaseName[];
const leakOn = option('leak') ?? 'sqlite';
const mariadbUrl = option('mariadb-url') ?? process.env.BENCH_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
const keep = flag('keep');
/** `--only neighbours`: the noisy neighbour and the pool's cost alone, without seeding. */
const onlyNeighbours = option('only') === 'neighbours';
/** `--only events`: event latency and the cost of webhooks and subscribers, without seeding. */
const onlyEvents = option('only') === 'events';
/** `--only console`: the console's first page (size, time to its first list) and PDFs per second, without seeding. */
const onlyConsole = option('only') === 'console';
/** `--only formats`: the e-invoice formats written, a received one stored, and validation (bench/formats.ts). */
const onlyFormats = option('only') === 'formats';
/** `--only sequences`: codes taken on one series, jobs run through their steps, a chain verified (bench/sequences.ts). */
const onlySequences = option('only') === 'sequences';
/** `--only executors`: graphql-jit against graphql-js alone. */
const onlyExecutors = option('only') === 'executors';
/** `--only galera`: one, two and three processes on a local three-node cluster against standalone MariaDB. */
const onlyGalera = option('only') === 'galera';
/** The service's peak RSS over the run so far, and each thread's heap now. */
async function noteMemory(results: DatabaseResults, service: ServiceProcess): Promise<void> {
  results.peakRssMb = Math.round(service.rss.peak() * 10) / 10;
  results.threadHeaps = await threadHeaps(service.url);
  log(`  peak RSS ${results.peakRssMb} MB; heaps at the end of the load: ${describeThreadHeaps(results.threadHeaps)}`);
}

/** `--only http`: the HTTP scenarios alone (`--scenarios` picks some by id), after the seed and the walk. */
const onlyHttp = option('only') === 'http';
const scenarioIds = option('scenarios')?.split(',');
/** `--only search`: search latency alone, on a workspace of `--search-count` entries (default 1,000,000). */
const onlySearch = option('only') === 'search';
const searchCount = Number(option('search-count') ?? 1_000_000);
/** `--only export [--count N]`: export and import of N seeded entries (default 100,000), alone (bench/export.ts). */
const onlyExport = option('only') === 'export';
const exportCount = Number(option('count') ?? 100_000);
/** `--only scale [--count N]`: latency at sizes up to N entries (default 10,000,000), alone (bench/scale.ts). */
const onlyScale = option('only') === 'scale';
const scaleCount = Number(option('count') ?? 10_000_000);
/** `--mariadb-database NAME`: the database the run drops, creates and uses (default `bench`). */
const mariadbName = option('mariadb-database') ?? 'bench';
const outDir = path.join(ROOT, 'bench', 'results');

const log = (line: string) => process.stdout.write(`${line}\n`);
const SEEDED = 'bench-seeded';
const JWT_SECRET = randomBytes(32).toString('base64url');

function describeLoad(r: MeasuredLoad): string {
  const errors = r.non2xx + r.errors;
  return `${r.rps} req/s, p50 ${r.latency.p50Ms} ms, p95 ${r.latency.p95Ms} ms, p99 ${r.latency.p99Ms} ms, peak RSS ${r.peakRssMb.toFixed(0)} MB${errors ? `, ${errors} errors` : ''}`;
}

/**
 * Runs every scenario in turns of `sliceSeconds` until each had `settings.seconds`, so that all of them
 * see the same machine: on a shared host the load of other processes comes and goes, and a scenario run
 * in one block could meet a quiet minute while the one it is compared with meets a busy one.
 */
async function interleaved(
  service: ServiceProcess,
  jobs: { request: HttpRequest; connections: number; rate?: number }[],
): Promise<MeasuredLoad[]> {
  const rounds = Math.max(1, Math.round(settings.seconds / settings.sliceSeconds));
  const slices: LoadSlice[][] = jobs.map(() => []);
  const peaks = jobs.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (const [i, job] of jobs.entries()) {
      service.rss.mark();
      slices[i].push(
        await runSlice(service.url, job.request, { connections: job.connections, rate: job.rate, seconds: settings.seconds / rounds }),
      );
      peaks[i] = Math.max(peaks[i], service.rss.mark());
    }
  }
  return jobs.map((job, i) => ({ ...combine(slices[i], job), peakRssMb: Math.round(peaks[i] * 10) / 10 }));
}

/** Request shapes sent in turn on the fixed-rate connections, `rate` in all: each shape's share of it, with its latencies. */
async function inTurn(service: ServiceProcess, requests: HttpRequest[], rate: number, seconds: number): Promise<MeasuredLoad[]> {
  service.rss.mark();
  const slices = await runInTurn(service.url, requests, { connections: settings.rateConnections, rate, seconds });
  const peakRssMb = Math.round(service.rss.mark() * 10) / 10;
  return slices.map((slice) => ({
    ...combine([slice], { connections: settings.rateConnections, rate: Math.round(rate / requests.length) }),
    peakRssMb,
  }));
}

async function leakCheck(service: ServiceProcess, ctx: ScenarioContext, leakToken: string): Promise<LeakResult> {
  const { first, last } = settings.leak;
  const create = SCENARIOS.find((s) => s.id === 'create')!.request({ ...ctx, createToken: leakToken });
  const every = Math.max(1, Math.round(last / 400));
  const curve: [number, number][] = [[0, service.rss.now()]];
  let rssAtFirstMb = 0;
  log(`  leak check: ${last} creates at c=${settings.connections}, RSS after ${first} and after ${last}...`);
  const result = await runLoad(service.url, create, {
    connections: settings.connections,
    seconds: 0,
    amount: last,
    onResponse: (answered) => {
      if (answered === first) rssAtFirstMb = service.rss.now();
      if (answered % every === 0) curve.push([answered, Math.round(service.rss.now() * 10) / 10]);
    },
  });
  const rssAtLastMb = service.rss.now();
  return {
    firstCreates: first,
    lastCreates: last,
    rssAtFirstMb: Math.round(rssAtFirstMb * 10) / 10,
    rssAtLastMb: Math.round(rssAtLastMb * 10) / 10,
    rps: result.rps,
    errors: result.errors + result.non2xx,
    curve,
  };
}

async function benchDatabase(db: BenchDatabase): Promise<DatabaseResults> {
  const results: DatabaseResults = { name: db.name, describe: db.describe, http: [], inProcess: [], serviceOutput: [] };
  const env = { ...db.env, JWT_SECRET };
  if (onlyNeighbours) {
    results.neighbours = await benchNeighbours(env, JWT_SECRET, settings.seconds, log);
    return results;
  }
  if (onlyExecutors) {
    results.graphqlExecutors = await executors(env);
    return results;
  }
  if (onlyEvents) {
    results.events = await benchEvents(env, JWT_SECRET, settings.seconds, log);
    return results;
  }
  if (onlyConsole) {
    results.console = await benchConsole(env, JWT_SECRET, settings.seconds, log);
    return results;
  }
  if (onlySearch) {
    results.search = await searchAlone(env);
    return results;
  }
  if (onlyFormats) {
    results.formats = await benchFormats(env, JWT_SECRET, settings.seconds, log);
    return results;
  }
  if (onlySequences) {
    results.sequences = await benchSequences(env, JWT_SECRET, settings.seconds, log);
    return results;
  }

  log(`  seeding ${settings.seedCount} entries into workspace ${SEEDED} (npm run seed: bulk inserts, no HTTP)...`);
  const seed = await seedWorkspace(env, SEEDED, settings.seedCount);
  log(`  seeded ${seed.entries} entries in ${seed.seconds} s (${seed.perSecond} entries/s)`);
  results.storage = await measureStorage(env);
  log(`  ${describeStorage(results.storage)}`);

  const service = await startService(env);
  try {
    const token = (workspace: string) => mintToken(JWT_SECRET, workspace, { expiresIn: '1d' });
    const walk = await walkToPage(service.url, await token(SEEDED), settings.deepPage, PAGE_SIZE);
    log(`  walked to page ${settings.deepPage} by cursor in ${walk.requests} requests (${walk.seconds.toFixed(1)} s)`);
    results.seed = { ...seed, workspace: SEEDED, deepPage: settings.deepPage, walkRequests: walk.requests, walkSeconds: walk.seconds };
    const ctx: ScenarioContext = {
      seededToken: await token(SEEDED),
      createToken: await token('bench-create'),
      deepCursor: walk.cursor,
      ids: walk.ids,
      tag: `${db.name}-${Date.now().toString(36)}`,
    };
    const graphql = await graphqlAvailable(service.url, ctx.seededToken);
    if (!graphql) log('  GraphQL: not available (POST /graphql does not answer); its rows are skipped');

    // Which scenarios run, each checked with one request, and warmed up.
    const runnable: { scenario: HttpScenario; row: HttpScenarioResult; request: HttpRequest }[] = [];
    for (const scenario of SCENARIOS.filter((s) => !scenarioIds || scenarioIds.includes(s.id))) {
      const row: HttpScenarioResult = { id: scenario.id, title: scenario.title, api: scenario.api };
      results.http.push(row);
      if (scenario.api === 'graphql' && !graphql) {
        row.skipped = 'GraphQL: not available';
        continue;
      }
      const problem = await checkScenario(service.url, scenario, ctx);
      if (problem) {
        row.skipped = `check failed: ${problem}`;
        log(`  ${scenario.title}: ${row.skipped}`);
        continue;
      }
      const request = scenario.request(ctx);
      await runLoad(service.url, request, { connections: settings.connections, seconds: settings.warmupSeconds });
      runnable.push({ scenario, row, request });
    }

    // Fixed concurrency: as fast as the service answers.
    const concurrency = await interleaved(
      service,
      runnable.map((r) => ({ request: r.request, connections: settings.connections })),
    );
    runnable.forEach((r, i) => {
      r.row.concurrency = concurrency[i];
      log(`  ${r.scenario.title}, c=${settings.connections}: ${describeLoad(concurrency[i])}`);
    });

    // Fixed rate: half of what list page 1 (reads) and create (writes) carried, the same for every scenario of the group.
    const rates = {} as Record<RateGroup, number>;
    for (const [group, id] of Object.entries(RATE_SETTERS) as [RateGroup, string][]) {
      rates[group] = Math.max(5, Math.round((results.http.find((s) => s.id === id)?.concurrency?.rps ?? 10) / 2));
    }
    settings.rates[db.name] = rates;
    const rated = await interleaved(
      service,
      runnable.map((r) => ({ request: r.request, connections: settings.rateConnections, rate: rates[r.scenario.rateGroup] })),
    );
    runnable.forEach((r, i) => {
      r.row.rate = rated[i];
      log(`  ${r.scenario.title}, ${rated[i].rate}/s (c=${settings.rateConnections}): ${describeLoad(rated[i])}`);
    });

    // Deep paging: page 1 and the deep page in turn on the same connections, at the read rate between them.
    const page1 = runnable.find((r) => r.scenario.id === 'list-page-1');
    const deep = runnable.find((r) => r.scenario.id === 'list-deep');
    if (page1 && deep) {
      const [first, second] = await inTurn(service, [page1.request, deep.request], rates.read, settings.seconds * 2);
      results.deepPaging = { page1: first, deep: second };
      for (const { title, load } of deepPagingLoads(results))
        log(`  ${title}, ${load.rate}/s (c=${load.connections}): ${describeLoad(load)}`);
    }

    if (onlyHttp) {
      await noteMemory(results, service);
      return results;
    }

    // Without HTTP, in a process of their own, on the same database.
    for (const mode of ['engine', 'ceiling', 'storage'] as WorkerMode[]) {
      for (const result of await runInProcess(mode, env, {
        seconds: settings.seconds,
        concurrency: settings.connections,
        workspace: `bench-${mode}`,
      })) {
        results.inProcess.push(result);
        log(`  in-process ${result.mode}: ${result.rps} ops/s, p50 ${result.latency.p50Ms} ms, p99 ${result.latency.p99Ms} ms`);
      }
    }

    // Search, on the seeded workspace: latency at low concurrency (bench/search.ts).
    results.search = await benchSearch(
      service.url,
      ctx.seededToken,
      { entries: seed.entries, seconds: settings.seconds, connections: settings.rateConnections },
      log,
    );

    if (leakOn === 'all' || leakOn === db.name) {
      results.leak = await leakCheck(service, ctx, await token('bench-leak'));
      log(
        `  RSS ${results.leak.rssAtFirstMb} MB after ${results.leak.firstCreates} creates, ${results.leak.rssAtLastMb} MB after ${results.leak.lastCreates}`,
      );
    }
    await noteMemory(results, service);
  } finally {
    await service.stop();
    results.serviceOutput = service.output.slice(-20);
  }
  results.neighbours = await benchNeighbours(env, JWT_SECRET, settings.seconds, log);
  results.events = await benchEvents(env, JWT_SECRET, settings.seconds, log);
  results.console = await benchConsole(env, JWT_SECRET, settings.seconds, log);
  results.graphqlExecutors = await executors(env);
  return results;
}

/** `--only search`: seeds `--search-count` entries, then measures search on them. */
async function searchAlone(env: Record<string, string>) {
  if (!Number.isSafeInteger(searchCount) || searchCount < 1000) throw new Error('--search-count must be a whole number of at least 1000');
  log(`  seeding ${searchCount} entries into workspace ${SEEDED} (npm run seed, which also fills the search index)...`);
  const seed = await seedWorkspace(env, SEEDED, searchCount);
  log(`  seeded ${seed.entries} entries in ${seed.seconds} s (${seed.perSecond} entries/s)`);
  const service = await startService(env);
  try {
    const token = await mintToken(JWT_SECRET, SEEDED, { expiresIn: '1d' });
    return await benchSearch(
      service.url,
      token,
      { entries: seed.entries, seconds: settings.seconds, connections: settings.rateConnections },
      log,
    );
  } finally {
    await service.stop();
  }
}

/** Runs `step` on a new database of each kind asked for (one that cannot be had is skipped), dropped after it. */
async function onEachDatabase(step: (db: BenchDatabase) => Promise<void>): Promise<void> {
  for (const name of databases) {
    log(`\n${name}:`);
    const db = name === 'sqlite' ? sqliteDatabase(keep) : await mariadbDatabase(mariadbUrl, keep, mariadbName);
    if ('unavailable' in db) {
      log(`  skipped: ${db.unavailable}`);
      continue;
    }
    try {
      log(`  ${db.describe}`);
      await step(db);
    } finally {
      await db.dispose();
    }
  }
}

/** `--only export`: per database, seed, export, and import into a fresh database of the same kind; bench/results/export-<db>.txt and .json. */
async function exportAlone(): Promise<void> {
  if (!Number.isSafeInteger(exportCount) || exportCount < 1) throw new Error('--count must be a whole number of at least 1');
  await onEachDatabase(async (db) => {
    const target = db.name === 'sqlite' ? sqliteDatabase(false) : await mariadbDatabase(mariadbUrl, false, `${mariadbName}_import`);
    if ('unavailable' in target) throw new Error(target.unavailable);
    try {
      const result = await benchExport(db.name, { ...db.env, JWT_SECRET }, { ...target.env, JWT_SECRET }, exportCount, log);
      mkdirSync(outDir, { recursive: true });
      // A run of fewer entries than the default writes *.tmp files, which git ignores, as --quick does.
      const suffix = exportCount === 100_000 ? '' : '.tmp';
      writeFileSync(
        path.join(outDir, `export-${db.name}.json${suffix}`),
        `${JSON.stringify({ startedAt: new Date().toISOString(), machine: { cores: os.cpus().length, node: process.version }, describe: db.describe, ...result }, null, 2)}\n`,
      );
      writeFileSync(path.join(outDir, `export-${db.name}.txt${suffix}`), exportReport(result, db.describe));
      log(`  wrote bench/results/export-${db.name}.json${suffix} and export-${db.name}.txt${suffix}`);
    } finally {
      await target.dispose();
    }
  });
}

/** `--only scale`: per database, one workspace grown to `--count` entries, measured at each power of ten; bench/results/scale-<db>-<count>.json and .md. */
async function scaleAlone(machine: BenchResults['machine']): Promise<void> {
  if (!Number.isSafeInteger(scaleCount) || scaleCount < 10_000) throw new Error('--count must be a whole number of at least 10000');
  await onEachDatabase(async (db) => {
    const startedAt = new Date().toISOString();
    mkdirSync(outDir, { recursive: true });
    const base = path.join(outDir, `scale-${db.name}-${scaleCount}`);
    // Runs below a million entries write *.tmp files, which git ignores.
    const suffix = scaleCount >= 1_000_000 ? '' : '.tmp';
    // Written after every stage (the last one included), so that a run stopped on its way to the count keeps the
    // sizes it measured.
    const write = (result: ScaleResult) => {
      const complete = result.stages.at(-1)?.entries === scaleCount;
      writeFileSync(
        `${base}.json${suffix}`,
        `${JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), complete, machine, describe: db.describe, ...result, targets: scaleTargets(result) }, null, 2)}\n`,
      );
      writeFileSync(`${base}.md${suffix}`, `${scaleReport(result, db.describe, scaleCount)}\n`);
    };
    const result = await benchScale(
      { ...db.env, JWT_SECRET },
      JWT_SECRET,
      { count: scaleCount, seconds: settings.seconds, connections: settings.rateConnections },
      log,
      write,
    );
    log(`\n${scaleReport(result, db.describe, scaleCount)}`);
    log(`  wrote ${path.relative(ROOT, base)}.json${suffix} and .md${suffix}`);
  });
}

async function executors(env: Record<string, string>) {
  const result = await benchGraphqlExecutors(env, JWT_SECRET, settings.seconds);
  log(
    `  GraphQL entries(first: 20) at c=10: ${result.jitRps} req/s with graphql-jit, ${result.graphqlJsRps} req/s with graphql-js (${result.ratio})`,
  );
  return result;
}

/** `--report FILE.json`: prints the table and targets of a saved run again and rewrites its Markdown and chart. */
function reportAgain(file: string): void {
  const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
  results.targets = results.databases.filter((db) => !db.skipped).flatMap(evaluateTargets);
  printReport(results, log);
  const base = file.replace(/\.json(\.tmp)?$/, '');
  const suffix = file.endsWith('.tmp') ? '.tmp' : '';
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md${suffix}`, markdownReport(results));
  writeFileSync(`${base}.svg${suffix}`, renderChart(results));
  log(`\nrewrote ${file} (targets), ${base}.md${suffix} and ${base}.svg${suffix}`);
}

async function main(): Promise<void> {
  const again = option('report');
  if (again) return reportAgain(again);
  const startedAt = new Date().toISOString();
  const cpus = os.cpus();
  const results: BenchResults = {
    startedAt,
    finishedAt: startedAt,
    quick,
    machine: {
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      cores: cpus.length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
    },
    settings: { ...settings, rates: settings.rates },
    databases: [],
    targets: [],
  };
  if (quick)
    log(`--quick: ${settings.seedCount} seeded entries (not 1,000,000), deep page ${settings.deepPage}, ${settings.seconds} s per load`);
  if (!flag('no-build')) buildService();

  if (onlyGalera) {
    log('\nGalera cluster against standalone MariaDB:');
    const galera = await benchGalera(mariadbUrl, JWT_SECRET, settings.seconds, log);
    printGalera(galera, log);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'galera.json.tmp'), `${JSON.stringify({ startedAt, machine: results.machine, galera }, null, 2)}\n`);
    log('\nwrote bench/results/galera.json.tmp');
    return;
  }

  if (onlyExport) return exportAlone();
  if (onlyScale) return scaleAlone(results.machine);

  for (const name of databases) {
    log(`\n${name}:`);
    const db = name === 'sqlite' ? sqliteDatabase(keep) : await mariadbDatabase(mariadbUrl, keep, mariadbName);
    if ('unavailable' in db) {
      log(`  skipped: ${db.unavailable}`);
      results.databases.push({ name, describe: name, skipped: `skipped: ${db.unavailable}`, http: [], inProcess: [], serviceOutput: [] });
      continue;
    }
    log(`  ${db.describe}`);
    try {
      const dbResults = await benchDatabase(db);
      results.databases.push(dbResults);
      results.targets.push(...evaluateTargets(dbResults));
    } finally {
      await db.dispose();
    }
  }
  results.finishedAt = new Date().toISOString();

  printReport(results, log);
  mkdirSync(outDir, { recursive: true });
  // Only a full run writes the committed files; a quick run writes *.tmp files, which git ignores.
  const base = onlySearch
    ? `search-${databases.join('-')}`
    : onlyEvents
      ? `events-${databases.join('-')}`
      : onlyConsole
        ? `console-${databases.join('-')}`
        : onlyFormats
          ? `formats-${databases.join('-')}`
          : onlySequences
            ? `sequences-${databases.join('-')}`
            : quick || onlyNeighbours || onlyExecutors || onlyHttp
              ? 'quick'
              : 'results';
  const suffix = quick || onlyHttp ? '.tmp' : '';
  const files = { json: `${base}.json${suffix}`, md: `${base}.md${suffix}`, svg: `${base}.svg${suffix}` };
  writeFileSync(path.join(outDir, files.json), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(outDir, files.md), markdownReport(results));
  writeFileSync(path.join(outDir, files.svg), renderChart(results));
  log(`\nwrote bench/results/${files.json}, ${files.md} and ${files.svg}`);
}

main().catch((error: Error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
