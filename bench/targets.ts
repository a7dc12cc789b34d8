import type { InProcessMode } from './in-process';
import type { DatabaseResults, HttpScenarioResult, LeakResult, TargetResult } from './results';

const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? Math.round((a / b) * 100) / 100 : undefined);
const fixed = (n: number | undefined, digits = 1) => (n === undefined ? 'n/a' : n.toFixed(digits));

/** The targets of the issue, as ratios within one run on one database. */
export function evaluateTargets(db: DatabaseResults): TargetResult[] {
  const http = (id: string): HttpScenarioResult | undefined => db.http.find((s) => s.id === id && !s.skipped);
  const inProcess = (mode: InProcessMode) => db.inProcess.find((r) => r.mode === mode);
  const targets: TargetResult[] = [];
  const add = (target: string, measured: string, value: number | undefined, limit: string, met: (v: number) => boolean) =>
    targets.push({ database: db.name, target, measured, value, limit, met: value === undefined ? undefined : met(value) });

  const page1 = http('list-page-1');
  const deep = http('list-deep');
  add(
    'deep paging is free',
    `deep p99 ${fixed(deep?.rate?.latency.p99Ms, 2)} ms / page 1 p99 ${fixed(page1?.rate?.latency.p99Ms, 2)} ms at the same fixed rate` +
      ` (fixed concurrency: ${fixed(deep?.concurrency?.latency.p99Ms, 2)} / ${fixed(page1?.concurrency?.latency.p99Ms, 2)} ms)`,
    ratio(deep?.rate?.latency.p99Ms, page1?.rate?.latency.p99Ms),
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
      targets.push({ database: db.name, target: `GraphQL ${name} is not a tax`, measured: g.skipped, limit: '≥ 0.8' });
      continue;
    }
    add(
      `GraphQL ${name} is not a tax`,
      `GraphQL ${fixed(g?.concurrency?.rps)} req/s / REST ${fixed(r?.concurrency?.rps)} req/s`,
      ratio(g?.concurrency?.rps, r?.concurrency?.rps),
      '≥ 0.8',
      (v) => v >= 0.8,
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
  add('peak RSS under load', `peak RSS of the service over the run: ${fixed(db.peakRssMb)} MB`, db.peakRssMb, '≤ 300 MB', (v) => v <= 300);
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
