import { mintToken } from '../src/auth/mint-token';
import { encodeCursor } from '../src/domain/entries/model/entry-cursor';
import { runLoad } from './load';
import { INVOICE, PAGE_SIZE, type HttpRequest } from './scenarios';
import { PURCHASE_CUSTOMERS } from './search';
import { seedWorkspace } from './seed';
import { startService } from './server-process';
import { describeStorage, measureStorage, storageRatio, type StorageResult } from './storage';
import type { LatencySummary } from './stats';

/**
 * `npm run bench -- --only scale --count N`: one workspace grown through the bulk path (`npm run seed`) to
 * 10,000 entries, then to each power of ten up to N, and at each size the latency of what a client does most:
 * list pages (first, deep, a folder), searches (selective: an invoice number, a key, a tax id; broad: a
 * customer's name within a folder, a word most entries hold) and creates; with the database's size per entry.
 */

/** One measured request shape at one size. */
export interface ScaleCase {
  id: string;
  title: string;
  rps: number;
  latency: LatencySummary;
  errors: number;
}

export interface ScaleStage {
  entries: number;
  /** The seed that grew the workspace to this size: entries added, seconds, entries per second. */
  seed: { added: number; seconds: number; perSecond: number };
  storage: StorageResult;
  cases: ScaleCase[];
  /** The service's peak RSS while this stage was measured, MB. */
  peakRssMb: number;
}

export interface ScaleResult {
  connections: number;
  seconds: number;
  stages: ScaleStage[];
}

/** The sizes measured on the way to `count`: 10,000, then each power of ten below it, then `count` itself. */
export function scaleStages(count: number): number[] {
  const stages: number[] = [];
  for (let size = 10_000; size < count; size *= 10) stages.push(size);
  return [...stages, count];
}

/** Seconds of each case's load sent before the measured ones, at every stage. */
const WARM_UP_SECONDS = 2;

/** Keyed entries written through REST before the first stage's measure: a key and a tax id held by one entry each. */
const NEEDLES = 20;
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A Spanish DNI that passes its check letter: eight digits and the letter of their remainder by 23. */
const dni = (n: number) => `${String(n).padStart(8, '0')}${DNI_LETTERS[n % 23]}`;
const needleTaxId = (i: number) => dni(71_000_000 + i * 7);
const needleKey = (i: number) => `scale-needle-${i}`;

async function writeNeedles(url: string, token: string): Promise<void> {
  for (let i = 0; i < NEEDLES; i++) {
    const data = { ...INVOICE, customer: { name: `Needle Customer ${i}`, tax_id: { country: 'ES', code: needleTaxId(i) } } };
    const response = await fetch(`${url}/silo/v1/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: needleKey(i), data }),
    });
    if (response.status !== 201 && response.status !== 200)
      throw new Error(`needle ${i}: status ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
}

/** Each case's request, given a cursor half way down the list; a GET's path changes with each request sent. */
function scaleCases(token: string, createToken: string, deepCursor: string): { id: string; title: string; request: HttpRequest }[] {
  const auth = { authorization: `Bearer ${token}` };
  const get = (id: string, title: string, path: (n: number) => string) => {
    let n = 0;
    return {
      id,
      title,
      request: { method: 'GET' as const, path: path(n), headers: auth, setupRequest: (r: HttpRequest) => ({ ...r, path: path(n++) }) },
    };
  };
  const search =
    (q: (n: number) => string, extra = '') =>
    (n: number) =>
      `/silo/v1/search?q=${encodeURIComponent(q(n))}${extra}`;
  // Invoice numbers restart with each stage's seed: any number below the first stage's is held by a few entries.
  const invoiceNumber = (n: number) => String(((n * 7919) % 1000) * 10 + (n % 8) + 1).padStart(6, '0');
  return [
    get('list-first', 'list, first page', () => `/silo/v1/entries?limit=${PAGE_SIZE}`),
    get('list-deep', 'list, a page half way down (by cursor)', () => `/silo/v1/entries?limit=${PAGE_SIZE}&cursor=${deepCursor}`),
    get('list-folder', 'list, first page of a folder (purchases)', () => `/silo/v1/entries?limit=${PAGE_SIZE}&folder=purchases`),
    get(
      'search-code',
      'search an invoice number',
      search((n) => `SAMPLE-${invoiceNumber(n)}`),
    ),
    get(
      'search-key',
      'search an entry key',
      search((n) => needleKey(n % NEEDLES)),
    ),
    get(
      'search-tax-id',
      'search a tax id one entry holds',
      search((n) => needleTaxId(n % NEEDLES)),
    ),
    get(
      'search-customer',
      'search a customer name within a folder',
      search((n) => `sample customer ${PURCHASE_CUSTOMERS[n % PURCHASE_CUSTOMERS.length]}`, '&folder=purchases'),
    ),
    get(
      'search-common',
      'search a word most entries hold (a tax id in 9 of 10)',
      search(() => 'B98602642'),
    ),
    {
      id: 'create',
      title: 'create a 10-line invoice',
      request: {
        method: 'POST' as const,
        path: '/silo/v1/entries',
        headers: { authorization: `Bearer ${createToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: INVOICE }),
      },
    },
  ];
}

/**
 * The cursor a client holds after paging half way down the workspace's list: made from the entry there, found by
 * time (sample entries are a second apart), as the list would have given it.
 */
async function deepCursorOf(url: string, token: string, workspace: string, entries: number): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const newest = (await (await fetch(`${url}/silo/v1/entries?limit=1`, { headers })).json()) as { list: { created_at: string }[] };
  const middle = new Date(Date.parse(newest.list[0].created_at) - Math.round(entries / 2) * 1000).toISOString();
  const page = await fetch(`${url}/silo/v1/entries?limit=1&created_at=${encodeURIComponent(middle)}`, { headers });
  const body = (await page.json()) as { list?: { id: string; created_at: string }[] };
  const entry = body.list?.[0];
  if (!page.ok || !entry) throw new Error(`no entry at ${middle}: status ${page.status}`);
  return encodeCursor(workspace, { createdAt: Date.parse(entry.created_at), id: entry.id }, {});
}

export async function benchScale(
  env: Record<string, string>,
  secret: string,
  options: { count: number; seconds: number; connections: number },
  log: (line: string) => void,
  /** Called after each stage with the stages so far: a run of hours that stops keeps the sizes it measured. */
  onStage: (result: ScaleResult) => void = () => {},
): Promise<ScaleResult> {
  const workspace = 'bench-scale';
  const result: ScaleResult = { connections: options.connections, seconds: options.seconds, stages: [] };
  let entries = 0;
  for (const size of scaleStages(options.count)) {
    log(`  seeding ${(size - entries).toLocaleString('en')} entries (to ${size.toLocaleString('en')}) through npm run seed...`);
    const seed = await seedWorkspace(env, workspace, size - entries);
    entries = size;
    log(`  seeded in ${seed.seconds} s (${seed.perSecond} entries/s)`);
    const storage = await measureStorage(env);
    log(`  ${describeStorage(storage)}`);
    const service = await startService(env);
    try {
      // Tokens of each stage: a long run may outlast one token's longest lifetime.
      const token = await mintToken(secret, workspace, { expiresIn: '1h' });
      const createToken = await mintToken(secret, 'bench-scale-creates', { expiresIn: '1h' });
      if (result.stages.length === 0) await writeNeedles(service.url, token);
      const deepCursor = await deepCursorOf(service.url, token, workspace, size);
      const cases: ScaleCase[] = [];
      for (const c of scaleCases(token, createToken, deepCursor)) {
        // Not counted: a service just started on a large file first compiles the case's path (the engine's, for a
        // create) and reads the index pages it walks, which a single round would otherwise count as its tail.
        await runLoad(service.url, c.request, { connections: options.connections, seconds: Math.min(WARM_UP_SECONDS, options.seconds) });
        const load = await runLoad(service.url, c.request, { connections: options.connections, seconds: options.seconds });
        const row = { id: c.id, title: c.title, rps: load.rps, latency: load.latency, errors: load.errors + load.non2xx };
        cases.push(row);
        log(
          `    ${c.title}: ${row.rps} req/s, p50 ${row.latency.p50Ms} ms, p99 ${row.latency.p99Ms} ms${row.errors ? `, ${row.errors} errors` : ''}`,
        );
      }
      const peakRssMb = Math.round(service.rss.peak() * 10) / 10;
      log(`    peak RSS ${peakRssMb} MB`);
      result.stages.push({
        entries: size,
        seed: { added: seed.entries, seconds: seed.seconds, perSecond: seed.perSecond },
        storage,
        cases,
        peakRssMb,
      });
    } finally {
      await service.stop();
    }
    onStage(result);
  }
  return result;
}

/** The issue's targets, checked on the largest stage (and create against the first). */
export function scaleTargets(result: ScaleResult): { target: string; value: string; met: boolean }[] {
  const first = result.stages[0];
  const last = result.stages[result.stages.length - 1];
  const p99 = (stage: ScaleStage, id: string) => stage.cases.find((c) => c.id === id)?.latency.p99Ms ?? Number.NaN;
  const under = (id: string, ms: number) => ({
    target: `${id} p99 < ${ms} ms`,
    value: `${p99(last, id).toFixed(1)} ms`,
    met: p99(last, id) < ms,
  });
  const createRatio = p99(last, 'create') / p99(first, 'create');
  return [
    under('list-first', 20),
    under('list-deep', 20),
    under('search-code', 100),
    under('search-key', 100),
    under('search-tax-id', 100),
    under('search-customer', 300),
    under('search-common', 300),
    {
      target: `create p99 at ${last.entries.toLocaleString('en')} ≤ 1.5 × at ${first.entries.toLocaleString('en')}`,
      value: `${createRatio.toFixed(2)} ×`,
      met: createRatio <= 1.5,
    },
    {
      target: 'storage ≤ 1.5 × the envelopes',
      value: `${storageRatio(last.storage).toFixed(2)} ×`,
      met: storageRatio(last.storage) <= 1.5,
    },
    { target: 'seed ≥ 10,000 entries/s', value: `${last.seed.perSecond} entries/s`, met: last.seed.perSecond >= 10_000 },
  ];
}

/** The stages as a Markdown table, p99 in ms per case, and the targets (of the largest stage measured so far). */
export function scaleReport(result: ScaleResult, describe: string, count: number): string {
  const ids = result.stages[0]?.cases.map((c) => c.id) ?? [];
  const reached = result.stages.at(-1)?.entries ?? 0;
  const lines = [
    `${describe}; ${result.connections} connections, ${result.seconds} s per case; p99 (p50) in ms`,
    ...(reached < count
      ? ['', `Measured to ${reached.toLocaleString('en')} of the ${count.toLocaleString('en')} entries asked for so far.`]
      : []),
    '',
    `| entries | seed entries/s | storage × envelopes | peak RSS MB | ${ids.join(' | ')} |`,
    `|---:|---:|---:|---:|${ids.map(() => '---:').join('|')}|`,
    ...result.stages.map(
      (s) =>
        `| ${s.entries.toLocaleString('en')} | ${s.seed.perSecond} | ${storageRatio(s.storage).toFixed(2)} | ${s.peakRssMb} | ` +
        `${s.cases.map((c) => `${c.latency.p99Ms.toFixed(1)} (${c.latency.p50Ms.toFixed(1)})${c.errors ? ` ${c.errors} errors` : ''}`).join(' | ')} |`,
    ),
    '',
    ...result.stages[0].cases.map((c) => `- ${c.id}: ${c.title}`),
    '',
    '| target | value | met |',
    '|---|---:|---|',
    ...scaleTargets(result).map((t) => `| ${t.target} | ${t.value} | ${t.met ? 'met' : 'not met'} |`),
    '',
  ];
  return lines.join('\n');
}
