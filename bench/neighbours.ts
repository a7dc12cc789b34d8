import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mintToken } from '../src/auth/mint-token';
import { InThreadEngine, type DocumentEngine, type DocumentJob } from '../src/domain/documents/document-pipeline';
import { DocumentWorkers } from '../src/workers/document-workers';
import { SigningKeys } from '../src/signing/signing-keys';
import { heavyDocuments } from '../test/helpers/heavy-documents';
import { buildHeavyEntry, DEFAULT_HEAVY_ENTRY_LIMITS } from '../test/helpers/heavy-entry';
import { runLoad } from './load';
import { INVOICE } from './scenarios';
import type { HeavyReads } from './heavy-reader';
import { benchNoisyTenants, NOISY_TENANTS_ENV, type NoisyTenant, type QuietFigures } from './noisy-tenants';
import { ROOT, runNode, startService, type ServiceProcess } from './server-process';

/** Event-loop delay of the service's HTTP thread over a stretch, from bench/loop-monitor.js. */
export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

export interface NeighbourResults {
  /** The quiet workspace's list page at a fixed rate, alone and while the noisy one sends heavy documents. */
  idle: { p99Ms: number; p50Ms: number; requests: number; loop: LoopDelay };
  noisy: { p99Ms: number; p50Ms: number; requests: number; loop: LoopDelay };
  /** What the noisy workspace sent and got: per part, the answers by status, and the slowest answer. */
  heavy: { part: string; count: number; sent: number; statuses: Record<string, number>; slowestMs: number }[];
  /**
   * The quiet workspace's list page at the same rate while the noisy one reads entries as heavy as the default
   * bounds allow (test/helpers/heavy-entry.ts), built first; and what those reads got, per kind.
   */
  heavyEntries?: {
    p99Ms: number;
    p50Ms: number;
    requests: number;
    loop: LoopDelay;
    built: { entries: number; seconds: number; partsBytes: number };
    reads: HeavyReads;
  };
  /** A 10-line invoice through the engine: in this thread, and through a one-thread pool, one at a time. */
  poolOverhead: { inThreadMs: number; pooledMs: number; overheadMs: number };
  /**
   * REST create of a 10-line invoice at 10 connections, rounds in turn: engine on the HTTP thread, the pool
   * as configured by default (threads at nice 10), and the pool at the HTTP thread's priority.
   */
  create: { inThreadRps: number; pooledRps: number; ratio: number; pooledSamePriorityRps: number };
  /** A quiet workspace's reads and creates beside each hostile tenant of the review of issue 39 (bench/noisy-tenants.ts). */
  hostile?: { alone: QuietFigures; tenants: NoisyTenant[] };
}

const READ_RATE = 100;
/** A TypeScript script of the bench run in a process of its own. */
const TS = ['--require', path.join(ROOT, 'scripts', 'register-ts.js')];
/** Heavy entries the noisy workspace builds, in parallel, and the connections it reads them on. */
const HEAVY_ENTRIES = 2;
const HEAVY_READ_CONNECTIONS = 4;

/** Sends the service's loop monitor SIGUSR2 and reads what it wrote. */
async function loopDelay(service: ServiceProcess, file: string): Promise<LoopDelay> {
  rmSync(file, { force: true });
  process.kill(service.pid, 'SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(file); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
}

/** Two connections that send the heavy documents, part after part, until `until`. */
async function sendHeavy(url: string, token: string, until: number, results: NeighbourResults['heavy']): Promise<void> {
  const documents = heavyDocuments(2 * 1024 * 1024);
  for (const d of documents) results.push({ part: d.part, count: d.count, sent: 0, statuses: {}, slowestMs: 0 });
  let next = 0;
  const connection = async () => {
    while (Date.now() < until) {
      const index = next++ % documents.length;
      const started = performance.now();
      const response = await fetch(`${url}/silo/v1/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: documents[index].body,
      });
      await response.arrayBuffer();
      const row = results[index];
      row.sent += 1;
      row.statuses[response.status] = (row.statuses[response.status] ?? 0) + 1;
      row.slowestMs = Math.max(row.slowestMs, Math.round(performance.now() - started));
    }
  };
  await Promise.all([connection(), connection()]);
}

async function timePerDocument(engine: DocumentEngine, job: DocumentJob, count: number): Promise<number> {
  for (let i = 0; i < 50; i += 1) await engine.run(job); // warm up
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await engine.run(job);
  return (performance.now() - started) / count;
}

async function poolOverhead(seconds: number): Promise<NeighbourResults['poolOverhead']> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pool-'));
  const signingKeys = SigningKeys.load(undefined, dataDir);
  const job: DocumentJob = { workspaceId: 'bench', body: JSON.stringify({ data: INVOICE }), now: new Date() };
  const count = Math.max(200, seconds * 200);
  const inThread = new InThreadEngine({ signingKeys, newId: () => '0190e8a4-7b1c-7cc0-8f2a-6f4b2c1d9e01' });
  const pool = new DocumentWorkers({
    threads: 1,
    timeLimitMs: 10_000,
    memoryMb: 512,
    nice: 0,
    worker: { signingKeys: signingKeys.material() },
  });
  try {
    const inThreadMs = await timePerDocument(inThread, job, count);
    const pooledMs = await timePerDocument(pool, job, count);
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return { inThreadMs: round(inThreadMs), pooledMs: round(pooledMs), overheadMs: round(pooledMs - inThreadMs) };
  } finally {
    await pool.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** REST create throughput with the engine on the HTTP thread and in the pool: services loaded in turn. */
async function createThroughput(env: Record<string, string>, token: string, seconds: number): Promise<NeighbourResults['create']> {
  const request = {
    method: 'POST' as const,
    path: '/silo/v1/entries',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: INVOICE }),
  };
  const services = {
    inThread: await startService({ ...env, ENGINE_THREADS: '0' }),
    pooled: await startService(env),
    samePriority: await startService({ ...env, ENGINE_NICE: '0' }),
  };
  const rps: Record<keyof typeof services, number[]> = { inThread: [], pooled: [], samePriority: [] };
  try {
    for (let round = 0; round < 5; round += 1) {
      for (const name of Object.keys(services) as (keyof typeof services)[]) {
        rps[name].push((await runLoad(services[name].url, request, { connections: 10, seconds: seconds / 5 })).rps);
      }
    }
  } finally {
    await Promise.all(Object.values(services).map((service) => service.stop()));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const [a, b] = [median(rps.inThread), median(rps.pooled)];
  return { inThreadRps: a, pooledRps: b, ratio: Math.round((b / a) * 100) / 100, pooledSamePriorityRps: median(rps.samePriority) };
}

/**
 * The noisy neighbour: one workspace reads its list at a fixed rate, first alone, then while another
 * workspace sends the heaviest documents the body limit allows on two connections, then while it reads entries
 * as heavy as the default bounds allow on a few. Also the cost of the pool for a small document.
 */
export async function benchNeighbours(
  env: Record<string, string>,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<NeighbourResults> {
  const token = (workspace: string) => mintToken(secret, workspace, { expiresIn: '1d' });
  const loopFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-loop-')), 'loop.json');
  const service = await startService({ ...env, ...NOISY_TENANTS_ENV, BENCH_LOOP_FILE: loopFile }, [
    '--require',
    path.join(ROOT, 'bench', 'loop-monitor.js'),
  ]);
  const quietToken = await token('bench-quiet');
  const heavy: NeighbourResults['heavy'] = [];
  let idle: NeighbourResults['idle'];
  let noisy: NeighbourResults['noisy'];
  let heavyEntries: NeighbourResults['heavyEntries'];
  let hostile: NeighbourResults['hostile'];
  try {
    for (let i = 0; i < 30; i += 1) {
      await fetch(`${service.url}/silo/v1/entries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${quietToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: INVOICE }),
      });
    }
    const read = { method: 'GET' as const, path: '/silo/v1/entries?limit=20', headers: { authorization: `Bearer ${quietToken}` } };
    await runLoad(service.url, read, { connections: 2, seconds: 1 });

    await loopDelay(service, loopFile);
    const alone = await runLoad(service.url, read, { connections: 2, rate: READ_RATE, seconds });
    idle = { p99Ms: alone.latency.p99Ms, p50Ms: alone.latency.p50Ms, requests: alone.requests, loop: await loopDelay(service, loopFile) };
    log(
      `  neighbours: quiet reads alone at ${READ_RATE}/s: p50 ${idle.p50Ms} ms, p99 ${idle.p99Ms} ms; loop delay max ${idle.loop.maxMs} ms`,
    );

    const noisyToken = await token('bench-noisy');
    // Long enough for the heaviest documents of every part to reach the engine at least once.
    const noisySeconds = Math.max(seconds, 30);
    const sender = sendHeavy(service.url, noisyToken, Date.now() + noisySeconds * 1000 + 500, heavy);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first heavy bodies are in the engine
    const beside = await runLoad(service.url, read, { connections: 2, rate: READ_RATE, seconds: noisySeconds });
    const loop = await loopDelay(service, loopFile);
    await sender;
    noisy = { p99Ms: beside.latency.p99Ms, p50Ms: beside.latency.p50Ms, requests: beside.requests, loop };
    log(`  neighbours: quiet reads beside heavy documents: p50 ${noisy.p50Ms} ms, p99 ${noisy.p99Ms} ms; loop delay max ${loop.maxMs} ms`);
    for (const row of heavy)
      log(`    heavy ${row.part} (${row.count}): sent ${row.sent}, answers ${JSON.stringify(row.statuses)}, slowest ${row.slowestMs} ms`);

    // The second noisy phase: entries as heavy as the default bounds allow, built, then read as hard as a client can.
    const heavyToken = await token('bench-noisy-entries');
    const buildStarted = Date.now();
    const entries = await Promise.all(
      Array.from({ length: HEAVY_ENTRIES }, () => buildHeavyEntry(service.url, heavyToken, DEFAULT_HEAVY_ENTRY_LIMITS)),
    );
    const built = {
      entries: entries.length,
      seconds: Math.round((Date.now() - buildStarted) / 100) / 10,
      partsBytes: Math.min(...entries.map((entry) => entry.stored.partsBytes)),
    };
    log(
      `  neighbours: built ${built.entries} heavy entries in ${built.seconds} s (files, meta rows, references and versions at the default bounds, ${built.partsBytes} bytes of parts each)`,
    );
    await loopDelay(service, loopFile);
    // The noisy tenant is another client: its own process, so that draining its large answers never delays the
    // quiet client's own clock (in one process they shared an event loop, and its lag counted as the service's).
    const reader = runNode([...TS, path.join(ROOT, 'bench', 'heavy-reader.ts')], {
      HEAVY_URL: service.url,
      HEAVY_TOKEN: heavyToken,
      HEAVY_ENTRIES: JSON.stringify(entries.map((entry) => entry.id)),
      HEAVY_UNTIL: String(Date.now() + seconds * 1000 + 500),
      HEAVY_CONNECTIONS: String(HEAVY_READ_CONNECTIONS),
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the first heavy reads are under way
    const besideEntries = await runLoad(service.url, read, { connections: 2, rate: READ_RATE, seconds });
    const entriesLoop = await loopDelay(service, loopFile);
    const reads = JSON.parse(await reader) as HeavyReads;
    heavyEntries = {
      p99Ms: besideEntries.latency.p99Ms,
      p50Ms: besideEntries.latency.p50Ms,
      requests: besideEntries.requests,
      loop: entriesLoop,
      built,
      reads,
    };
    log(
      `  neighbours: quiet reads beside heavy entries: p50 ${heavyEntries.p50Ms} ms, p99 ${heavyEntries.p99Ms} ms; loop delay max ${entriesLoop.maxMs} ms ` +
        `(p99 ${Math.round((heavyEntries.p99Ms / idle.p99Ms) * 100) / 100} × alone)`,
    );
    for (const row of reads)
      log(
        `    heavy entry reads, ${row.kind}: sent ${row.sent}, answers ${JSON.stringify(row.statuses)}, slowest ${row.slowestMs} ms, largest ${row.bytes} bytes`,
      );

    hostile = await benchNoisyTenants(service.url, secret, seconds, log);
  } finally {
    await service.stop();
    rmSync(path.dirname(loopFile), { recursive: true, force: true });
  }

  const overhead = await poolOverhead(seconds);
  log(
    `  engine pool: 10-line invoice ${overhead.inThreadMs} ms in thread, ${overhead.pooledMs} ms through the pool (+${overhead.overheadMs} ms)`,
  );
  const create = await createThroughput(env, await token('bench-pool-create'), seconds);
  log(
    `  REST create at c=10: ${create.inThreadRps} req/s with the engine on the HTTP thread, ${create.pooledRps} req/s with the pool ` +
      `(${create.ratio}), ${create.pooledSamePriorityRps} req/s with the pool at the HTTP thread's priority`,
  );
  return { idle, noisy, heavy, heavyEntries, poolOverhead: overhead, create, hostile };
}
