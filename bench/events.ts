import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { mintToken } from '../src/auth/mint-token';
import { mariadbDatabase, sqliteDatabase, type BenchDatabase } from './databases';
import { runLoad } from './load';
import type { ListenersCommand, ListenersReport } from './listeners-process';
import { INVOICE } from './scenarios';
import { startService, type ServiceProcess } from './server-process';
import { summarize, type LatencySummary } from './stats';

/** What `--only events` measures (see bench/README.md, "Events"). */
export interface EventsResults {
  /** From a create's answer to its webhook's arrival, and to a subscriber's message. */
  latency: { creates: number; webhook: LatencySummary; subscription: LatencySummary; missingWebhook: number; missingSubscription: number };
  /**
   * REST create at 10 connections: without listeners, and with 10 webhook endpoints and 100 subscribers; and the
   * CPU time per create of the service (all its threads) in each case, and of the listeners' process.
   */
  throughput: {
    aloneRps: number;
    watchedRps: number;
    ratio: number;
    endpoints: number;
    subscribers: number;
    cpuMsPerCreate: { alone: number; watched: number; listeners: number };
  };
  /** A quiet workspace's list p99 at a fixed rate: alone, and while 1,000 endpoints answer slowly. */
  slowEndpoints: { idleP99Ms: number; besideP99Ms: number; ratio: number; endpoints: number; answerMs: number; pendingDeliveries: number };
}

const SUBSCRIPTION = 'subscription { entryEvents(types: [ENTRY_CREATED]) { id entryId } }';
const READ_RATE = 100;
const SLOW_ANSWER_MS = 10_000;
/** Endpoints a workspace may have: the slow-endpoint phase spreads its thousand over as many workspaces as it needs. */
const ENDPOINTS_PER_WORKSPACE = 50;

/** An HTTP receiver on loopback: `onEvent` is told of each delivery's body as it arrives; it answers after `delayMs`. */
async function receiver(onEvent: (body: any) => void, delayMs = 0): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        onEvent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        // not an event: answered all the same
      }
      const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (delayMs > 0) setTimeout(answer, delayMs).unref();
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function addEndpoint(service: ServiceProcess, token: string, url: string): Promise<void> {
  const reply = await fetch(`${service.url}/silo/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['entry.created'], description: 'bench' }),
  });
  if (!reply.ok) throw new Error(`webhook registration answered ${reply.status}: ${await reply.text()}`);
}

/** A graphql-ws subscriber of the workspace's created entries; `onEvent` is told of each entry id. */
async function subscriber(service: ServiceProcess, token: string, onEvent: (entryId: string) => void): Promise<Client> {
  const client = createClient({
    url: `${service.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
  });
  await new Promise<void>((resolve, reject) => {
    client.subscribe(
      { query: SUBSCRIPTION },
      {
        next: (message) => onEvent((message.data as { entryEvents: { entryId: string } }).entryEvents.entryId),
        error: reject,
        complete: () => undefined,
      },
    );
    // The subscription is open once the server has acknowledged it; a short pause covers the first page read.
    client.on('connected', () => setTimeout(resolve, 200));
  });
  return client;
}

const create = (service: ServiceProcess, token: string) =>
  fetch(`${service.url}/silo/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: INVOICE }),
  }).then(async (reply) => {
    if (!reply.ok) throw new Error(`create answered ${reply.status}: ${await reply.text()}`);
    return ((await reply.json()) as { id: string }).id;
  });

async function measureLatency(env: Record<string, string>, secret: string, seconds: number): Promise<EventsResults['latency']> {
  const service = await startService(env);
  const token = await mintToken(secret, 'bench-events-latency', { expiresIn: '1d' });
  const answered = new Map<string, number>();
  // Arrivals are kept by entry, and matched with the answers at the end: an event may arrive before its create's answer.
  const webhookAt = new Map<string, number>();
  const subscriptionAt = new Map<string, number>();
  const arrived = (into: Map<string, number>) => (entryId: string) => {
    if (!into.has(entryId)) into.set(entryId, performance.now());
  };
  const hooks = await receiver((body) => arrived(webhookAt)(body?.data?.id));
  let client: Client | undefined;
  try {
    await addEndpoint(service, token, hooks.url);
    client = await subscriber(service, token, arrived(subscriptionAt));
    // One create every 50 ms: latency, not throughput.
    const creates = Math.max(20, seconds * 20);
    for (let i = 0; i < creates; i += 1) {
      const started = performance.now();
      const id = await create(service, token);
      answered.set(id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 50 - (performance.now() - started))));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the last ones arrive
    // From the answer to the arrival; an event that came first counts as 0.
    const latencies = (arrivals: Map<string, number>) =>
      [...answered].flatMap(([id, at]) => (arrivals.has(id) ? [Math.max(0, arrivals.get(id)! - at)] : []));
    const webhook = latencies(webhookAt);
    const subscription = latencies(subscriptionAt);
    return {
      creates,
      webhook: summarize(webhook),
      subscription: summarize(subscription),
      missingWebhook: creates - webhook.length,
      missingSubscription: creates - subscription.length,
    };
  } finally {
    await client?.dispose();
    await hooks.close();
    await service.stop();
  }
}

/** CPU time a process has used so far (user and system, all threads), ms; from /proc, so Linux only (NaN elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

/** Starts the listeners' process (bench/listeners-process.ts): a webhook receiver and `subscribers` subscribers. */
async function startListeners(
  service: ServiceProcess,
  token: string,
  subscribers: number,
): Promise<{ child: ChildProcess; hookUrl: string }> {
  const child = fork(path.join(__dirname, 'listeners-process.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const hookUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (report: ListenersReport) =>
      'ready' in report ? resolve(report.ready.hookUrl) : reject(new Error(`listeners: ${JSON.stringify(report)}`)),
    );
    child.once('exit', (code) => reject(new Error(`the listeners' process exited with ${code}`)));
    child.send({ start: { serviceUrl: service.url, token, subscribers, query: SUBSCRIPTION } } satisfies ListenersCommand);
  });
  return { child, hookUrl };
}

async function stopListeners(child: ChildProcess): Promise<void> {
  if (!child.connected) return;
  await new Promise<void>((resolve) => {
    child.once('message', () => resolve());
    child.once('exit', () => resolve());
    child.send({ stop: true } satisfies ListenersCommand);
  });
}

/**
 * A database of its own for a second service: a new SQLite folder, or another database on the same MariaDB server.
 * Two services on one database would share the work of each other's workspaces (any process delivers any
 * endpoint's events), and on SQLite wait for each other's write lock on their HTTP threads.
 */
async function separateDatabase(env: Record<string, string>): Promise<BenchDatabase> {
  if (!env.DATABASE_URL?.startsWith('mysql:')) return sqliteDatabase(false);
  const database = await mariadbDatabase(env.DATABASE_URL, false, `${new URL(env.DATABASE_URL).pathname.slice(1)}_alone`);
  if ('unavailable' in database) throw new Error(database.unavailable);
  return database;
}

async function measureThroughput(env: Record<string, string>, secret: string, seconds: number): Promise<EventsResults['throughput']> {
  const endpoints = Number(process.env.BENCH_EVENTS_ENDPOINTS ?? 10);
  const subscribers = Number(process.env.BENCH_EVENTS_SUBSCRIBERS ?? 100);
  const aloneToken = await mintToken(secret, 'bench-events-alone', { expiresIn: '1d' });
  const watchedToken = await mintToken(secret, 'bench-events-watched', { expiresIn: '1d' });
  const aloneDatabase = await separateDatabase(env);
  const services = { alone: await startService({ ...env, ...aloneDatabase.env }), watched: await startService(env) };
  let listeners: ChildProcess | undefined;
  try {
    const started = await startListeners(services.watched, watchedToken, subscribers);
    listeners = started.child;
    for (let i = 0; i < endpoints; i += 1) await addEndpoint(services.watched, watchedToken, started.hookUrl);
    const request = (token: string) => ({
      method: 'POST' as const,
      path: '/silo/v1/entries',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: INVOICE }),
    });
    const rps = { alone: [] as number[], watched: [] as number[] };
    const cpu = { alone: 0, watched: 0, listeners: 0 };
    const creates = { alone: 0, watched: 0 };
    const round = async (name: 'alone' | 'watched', token: string) => {
      const service = services[name];
      const [serviceBefore, listenersBefore] = [cpuMsOf(service.pid), cpuMsOf(listeners!.pid!)];
      const result = await runLoad(service.url, request(token), { connections: 10, seconds: seconds / 5 });
      rps[name].push(result.rps);
      creates[name] += result.requests;
      cpu[name] += cpuMsOf(service.pid) - serviceBefore;
      if (name === 'watched') cpu.listeners += cpuMsOf(listeners!.pid!) - listenersBefore;
    };
    for (let i = 0; i < 5; i += 1) {
      await round('alone', aloneToken);
      await round('watched', watchedToken);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const [a, b] = [median(rps.alone), median(rps.watched)];
    const perCreate = (ms: number, n: number) => Math.round((ms / Math.max(1, n)) * 100) / 100;
    return {
      aloneRps: a,
      watchedRps: b,
      ratio: Math.round((b / a) * 100) / 100,
      endpoints,
      subscribers,
      cpuMsPerCreate: {
        alone: perCreate(cpu.alone, creates.alone),
        watched: perCreate(cpu.watched, creates.watched),
        listeners: perCreate(cpu.listeners, creates.watched),
      },
    };
  } finally {
    if (listeners) await stopListeners(listeners);
    await Promise.all(Object.values(services).map((service) => service.stop()));
    await aloneDatabase.dispose();
  }
}

async function measureSlowEndpoints(env: Record<string, string>, secret: string, seconds: number): Promise<EventsResults['slowEndpoints']> {
  const endpoints = 1000;
  const service = await startService(env);
  let pending = 0;
  const slow = await receiver(() => (pending += 1), SLOW_ANSWER_MS);
  const quietToken = await mintToken(secret, 'bench-events-quiet', { expiresIn: '1d' });
  try {
    for (let i = 0; i < 30; i += 1) await create(service, quietToken);
    const read = { method: 'GET' as const, path: '/silo/v1/entries?limit=20', headers: { authorization: `Bearer ${quietToken}` } };
    await runLoad(service.url, read, { connections: 2, seconds: 1 });
    const idle = await runLoad(service.url, read, { connections: 2, rate: READ_RATE, seconds });

    // A thousand endpoints that take 10 s to answer, and an event for each of them now and then.
    const tokens: string[] = [];
    for (let w = 0; w < endpoints / ENDPOINTS_PER_WORKSPACE; w += 1) {
      const token = await mintToken(secret, `bench-events-slow-${w}`, { expiresIn: '1d' });
      tokens.push(token);
      for (let i = 0; i < ENDPOINTS_PER_WORKSPACE; i += 1) await addEndpoint(service, token, slow.url);
    }
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await Promise.all(tokens.map((token) => create(service, token)));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // deliveries under way
    const beside = await runLoad(service.url, read, { connections: 2, rate: READ_RATE, seconds });
    writing = false;
    await writer;
    return {
      idleP99Ms: idle.latency.p99Ms,
      besideP99Ms: beside.latency.p99Ms,
      ratio: Math.round((beside.latency.p99Ms / idle.latency.p99Ms) * 100) / 100,
      endpoints,
      answerMs: SLOW_ANSWER_MS,
      pendingDeliveries: pending,
    };
  } finally {
    await slow.close();
    await service.stop();
  }
}

const throughputLine = (t: EventsResults['throughput']) =>
  `  events: REST create at c=10: ${t.aloneRps} req/s alone, ${t.watchedRps} req/s with ${t.endpoints} endpoints and ${t.subscribers} subscribers (${t.ratio} ×); ` +
  `CPU per create: service ${t.cpuMsPerCreate.alone} ms alone, ${t.cpuMsPerCreate.watched} ms watched, listeners ${t.cpuMsPerCreate.listeners} ms`;

/**
 * `--only events`: event latency from a create's answer to its webhook and to a subscriber; create throughput
 * with webhook endpoints and subscribers attached against none; the reads of a quiet workspace while a
 * thousand endpoints answer slowly.
 */
export async function benchEvents(
  env: Record<string, string>,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<EventsResults> {
  // The receivers are on loopback, over plain HTTP: the bench allows both, as the tests do.
  const withHooks = { ...env, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' };
  if (process.env.BENCH_EVENTS_ONLY === 'throughput') {
    const throughput = await measureThroughput(withHooks, secret, seconds);
    log(throughputLine(throughput));
    return { throughput } as EventsResults;
  }
  const latency = await measureLatency(withHooks, secret, seconds);
  log(
    `  events: create → webhook p50 ${latency.webhook.p50Ms} ms, p99 ${latency.webhook.p99Ms} ms; create → subscriber p50 ${latency.subscription.p50Ms} ms, ` +
      `p99 ${latency.subscription.p99Ms} ms (${latency.creates} creates; missing ${latency.missingWebhook} webhooks, ${latency.missingSubscription} messages)`,
  );
  const throughput = await measureThroughput(withHooks, secret, seconds);
  log(throughputLine(throughput));
  const slowEndpoints = await measureSlowEndpoints(withHooks, secret, seconds);
  log(
    `  events: quiet list p99 ${slowEndpoints.idleP99Ms} ms alone, ${slowEndpoints.besideP99Ms} ms while ${slowEndpoints.endpoints} endpoints take ${slowEndpoints.answerMs / 1000} s ` +
      `to answer (${slowEndpoints.ratio} ×; ${slowEndpoints.pendingDeliveries} deliveries received meanwhile)`,
  );
  return { latency, throughput, slowEndpoints };
}
