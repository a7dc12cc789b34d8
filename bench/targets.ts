import type { InProcessMode } from './in-process';
import type { DatabaseResults, HttpScenarioResult, LeakResult, MeasuredLoad, TargetResult } from './results';

const ratio = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined && b > 0 ? Math.round((a / b) * 100) / 100 : undefined;
const fixed = (n: number | undefined, digits = 1) => (n === undefined ? 'n/a' : n.toFixed(digits));

/**
 * The throughput of two scenarios compared round by round (scenarios take turns, so the two stretches of a
 * round ran seconds apart on the same machine), and the median of those ratios: a round in which another
 * job took the cores from one scenario and not the other cannot carry the target alone. A saved run
 * without rounds gives the ratio of the pooled figures.
 */
function roundByRound(a: MeasuredLoad | undefined, b: MeasuredLoad | undefined) {
  const [ours, theirs] = [a?.rounds ?? [], b?.rounds ?? []];
  if (ours.length === 0 || ours.length !== theirs.length || theirs.some((round) => round.rps <= 0)) return { value: undefined, rounds: '' };
  const ratios = ours.map((round, i) => round.rps / theirs[i].rps);
  const sorted = [...ratios].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return {
    value: Math.round(median * 100) / 100,
    rounds: `median of ${ratios.length} rounds (${ratios.map((r) => r.toFixed(2)).join(', ')}); pooled: `,
  };
}

/** The targets of the issue, as ratios within one run on one database. */
export function evaluateTargets(db: DatabaseResults): TargetResult[] {
  const http = (id: string): HttpScenarioResult | undefined => db.http.find((s) => s.id === id && !s.skipped);
  const inProcess = (mode: InProcessMode) => db.inProcess.find((r) => r.mode === mode);
  const targets: TargetResult[] = [];
  const add = (target: string, measured: string, value: number | undefined, limit: string, met: (v: number) => boolean) =>
    targets.push({ database: db.name, target, measured, value, limit, met: value === undefined ? undefined : met(value) });

  const page1 = http('list-page-1');
  const deep = http('list-deep');
  const side = db.deepPaging;
  const separately =
    `run separately: ${fixed(deep?.rate?.latency.p99Ms, 2)} / ${fixed(page1?.rate?.latency.p99Ms, 2)} ms at the same fixed rate, ` +
    `${fixed(deep?.concurrency?.latency.p99Ms, 2)} / ${fixed(page1?.concurrency?.latency.p99Ms, 2)} ms at fixed concurrency`;
  add(
    'deep paging is free',
    side
      ? `deep p99 ${fixed(side.deep.latency.p99Ms, 2)} ms / page 1 p99 ${fixed(side.page1.latency.p99Ms, 2)} ms, in turn on the same connections ` +
          `at ${side.page1.rate! * 2}/s (${side.page1.latency.count} + ${side.deep.latency.count} answers); ${separately}`
      : `deep p99 / page 1 p99, ${separately}`,
    side ? ratio(side.deep.latency.p99Ms, side.page1.latency.p99Ms) : ratio(deep?.rate?.latency.p99Ms, page1?.rate?.latency.p99Ms),
    '≤ 1.3',
    (v) => v <= 1.3,
  );

  const create = http('create');
  const ceiling = inProcess('ceiling');
  add(
    'the HTTP layer costs little',
    `REST create ${fixed(create?.concurrency?.rps)} req/s / in-process engine+insert ${fixed(ceiling?.rps)} ops/s`,
    ratio(create?.concurrency?.rps, ceiling?.rps),
    '≥ 0.5',
    (v) => v >= 0.5,
  );

  for (const [graphql, rest, name] of [
    ['graphql-list', 'list-page-1', 'entries'],
    ['graphql-create', 'create', 'createEntry'],
  ] as const) {
    const g = db.http.find((s) => s.id === graphql);
    const r = http(rest);
    if (g?.skipped) {
      targets.push({ database: db.name, target: `GraphQL ${name} is not a tax`, measured: g.skipped, limit: '≥ 0.9' });
      continue;
    }
    const rounds = roundByRound(g?.concurrency, r?.concurrency);
    add(
      `GraphQL ${name} is not a tax`,
      `${rounds.rounds}GraphQL ${fixed(g?.concurrency?.rps)} req/s / REST ${fixed(r?.concurrency?.rps)} req/s`,
      rounds.value ?? ratio(g?.concurrency?.rps, r?.concurrency?.rps),
      '≥ 0.9',
      (v) => v >= 0.9,
    );
  }

  const repository = inProcess('repository');
  const raw = inProcess('raw');
  add(
    'storage is near the floor',
    `repository insert ${fixed(repository?.latency.meanMs, 3)} ms (${fixed(repository?.rps)}/s) / raw driver insert ` +
      `${fixed(raw?.latency.meanMs, 3)} ms (${fixed(raw?.rps)}/s), same concurrency and durability: time per insert`,
    ratio(raw?.rps, repository?.rps),
    '≤ 2',
    (v) => v <= 2,
  );

  if (db.leak) {
    const floors = leakFloors(db.leak);
    add(
      'no leak',
      `RSS floor ${fixed(floors.last)} MB over creates ${floors.lastWindow} / ${fixed(floors.first)} MB over creates ${floors.firstWindow} ` +
        `(right after: ${fixed(db.leak.rssAtLastMb)} MB after ${db.leak.lastCreates}, ${fixed(db.leak.rssAtFirstMb)} MB after ${db.leak.firstCreates})`,
      ratio(floors.last, floors.first),
      '≤ 1.2',
      (v) => v <= 1.2,
    );
  }
  const neighbours = db.neighbours;
  if (neighbours) {
    add(
      'a noisy neighbour does not slow the others',
      `quiet workspace's list page at ${neighbours.idle.requests} + ${neighbours.noisy.requests} requests: p99 ${fixed(neighbours.noisy.p99Ms, 2)} ms ` +
        `beside the heaviest documents / ${fixed(neighbours.idle.p99Ms, 2)} ms alone`,
      ratio(neighbours.noisy.p99Ms, neighbours.idle.p99Ms),
      '≤ 3',
      (v) => v <= 3,
    );
    if (neighbours.heavyEntries) {
      const beside = neighbours.heavyEntries;
      add(
        'a neighbour reading heavy entries does not slow the others',
        `quiet workspace's list page at ${neighbours.idle.requests} + ${beside.requests} requests: p99 ${fixed(beside.p99Ms, 2)} ms ` +
          `beside reads of ${beside.built.entries} entries as heavy as the default bounds allow / ${fixed(neighbours.idle.p99Ms, 2)} ms alone`,
        ratio(beside.p99Ms, neighbours.idle.p99Ms),
        '≤ 3',
        (v) => v <= 3,
      );
    }
    for (const tenant of neighbours.hostile?.tenants ?? []) {
      const alone = neighbours.hostile!.alone;
      add(
        `a hostile tenant (${tenant.name}) does not slow the others`,
        `quiet workspace's creates p99 ${fixed(tenant.quiet.creates.p99Ms, 2)} ms beside it / ${fixed(alone.creates.p99Ms, 2)} ms alone; ` +
          `its list p99 ${fixed(tenant.quiet.reads.p99Ms, 2)} / ${fixed(alone.reads.p99Ms, 2)} ms`,
        Math.max(tenant.createRatio, tenant.readRatio),
        '≤ 3',
        (v) => v <= 3,
      );
    }
    add(
      'no request holds the event loop',
      `longest event-loop delay of the HTTP thread while the heaviest documents were sent: ${fixed(neighbours.noisy.loop.maxMs)} ms ` +
        `(alone: ${fixed(neighbours.idle.loop.maxMs)} ms)`,
      neighbours.noisy.loop.maxMs,
      '≤ 100 ms',
      (v) => v <= 100,
    );
    add(
      'the engine pool costs little',
      `REST create at c=10: ${fixed(neighbours.create.pooledRps)} req/s with the pool / ${fixed(neighbours.create.inThreadRps)} req/s with the engine ` +
        `on the HTTP thread (median of 5 rounds); 10-line invoice ${neighbours.poolOverhead.pooledMs} ms pooled vs ${neighbours.poolOverhead.inThreadMs} ms in thread`,
      neighbours.create.ratio,
      '≥ 0.9',
      (v) => v >= 0.9,
    );
  }
  const events = db.events;
  if (events) {
    add(
      'listeners cost creates little',
      `REST create at c=10: ${fixed(events.throughput.watchedRps)} req/s with ${events.throughput.endpoints} webhook endpoints and ${events.throughput.subscribers} ` +
        `subscribers / ${fixed(events.throughput.aloneRps)} req/s with none (median of 5 rounds); CPU per create: service ${events.throughput.cpuMsPerCreate.watched} ms ` +
        `with listeners, ${events.throughput.cpuMsPerCreate.alone} ms without, the listeners' process ${events.throughput.cpuMsPerCreate.listeners} ms; ` +
        `events reach a webhook in p99 ${events.latency?.webhook.p99Ms} ms, a subscriber in p99 ${events.latency?.subscription.p99Ms} ms`,
      events.throughput.ratio,
      '≥ 0.9',
      (v) => v >= 0.9,
    );
    // BENCH_EVENTS_ONLY=throughput measures the throughput alone.
    if (events.slowEndpoints) {
      add(
        'slow webhook endpoints do not slow the others',
        `quiet workspace's list page p99 ${fixed(events.slowEndpoints.besideP99Ms, 2)} ms while ${events.slowEndpoints.endpoints} endpoints take ` +
          `${events.slowEndpoints.answerMs / 1000} s to answer / ${fixed(events.slowEndpoints.idleP99Ms, 2)} ms alone`,
        events.slowEndpoints.ratio,
        '< 2',
        (v) => v < 2,
      );
    }
  }
  const consoleResults = db.console;
  if (consoleResults) {
    const kb = consoleResults.bundle.gzipTotalBytes / 1024;
    add(
      "the console's first page is small",
      `JavaScript and CSS of the first page, gzipped: ${fixed(kb, 1)} KB (${consoleResults.bundle.files.map((f) => f.name).join(', ')}); a 10-line invoice's PDF: ${fixed(consoleResults.pdf.rps)} per second at 4 connections`,
      Math.round(kb * 10) / 10,
      '< 300 KB',
      (v) => v < 300,
    );
    if (consoleResults.firstList) {
      add(
        'the console lists fast',
        `from navigation to the first list on loopback, ${consoleResults.firstList.navigations} cold navigations: p50 ${consoleResults.firstList.p50Ms} ms, p99 ${consoleResults.firstList.p99Ms} ms`,
        consoleResults.firstList.p99Ms,
        '< 1000 ms',
        (v) => v < 1000,
      );
    }
  }
  const executors = db.graphqlExecutors;
  if (executors) {
    add(
      'graphql-jit earns its place',
      `GraphQL entries(first: 20) at c=10: ${fixed(executors.jitRps)} req/s with graphql-jit / ${fixed(executors.graphqlJsRps)} req/s with graphql-js (median of 5 rounds)`,
      executors.ratio,
      '≥ 1.05',
      (v) => v >= 1.05,
    );
  }
  add('peak RSS under load', `peak RSS of the service over the run: ${fixed(db.peakRssMb)} MB`, db.peakRssMb, '≤ 300 MB', (v) => v <= 300);
  const storage = db.storage;
  if (storage) {
    add(
      "storage near the documents' size",
      `${Math.round(storage.databaseBytes / storage.entries)} B of database per entry / ${Math.round(storage.envelopeBytes / storage.entries)} B of envelope JSON, indexes included, after the seed`,
      ratio(storage.databaseBytes, storage.envelopeBytes),
      '≤ 1.5',
      (v) => v <= 1.5,
    );
  }
  return targets;
}

/**
 * RSS right after N creates depends on where the garbage collector is in its cycle (the curve is a saw
 * tooth). What a leak raises is the floor, the RSS after a collection: the lowest sample of the last half
 * of the creates up to the first mark, and of the last tenth of the run.
 */
export function leakFloors(leak: LeakResult) {
  const floor = (from: number, to: number) => {
    const samples = leak.curve.filter(([creates]) => creates >= from && creates <= to).map(([, mb]) => mb);
    return samples.length > 0 ? Math.min(...samples) : undefined;
  };
  const firstFrom = Math.round(leak.firstCreates / 2);
  const lastFrom = Math.round(leak.lastCreates * 0.9);
  return {
    first: floor(firstFrom, leak.firstCreates),
    last: floor(lastFrom, leak.lastCreates),
    firstWindow: `${firstFrom}–${leak.firstCreates}`,
    lastWindow: `${lastFrom}–${leak.lastCreates}`,
  };
}
