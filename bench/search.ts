import { runLoad } from './load';
import type { HttpRequest } from './scenarios';
import type { LatencySummary } from './stats';

/** One search the bench sends, and how many seeded entries it matches (every entry when it says so). */
interface SearchCase {
  id: string;
  title: string;
  /** The query string of GET /silo/v1/search, made afresh for each request. */
  query(n: number): string;
}

export interface SearchCaseResult {
  id: string;
  title: string;
  /** Matches of one request of the case (its `list` is cut at the limit, so this is at most 20). */
  listed: number;
  rps: number;
  latency: LatencySummary;
  errors: number;
}

export interface SearchBenchResult {
  /** Entries in the searched workspace. */
  entries: number;
  connections: number;
  seconds: number;
  cases: SearchCaseResult[];
}

/** The number of an invoice among the seeded entries: entry i is sample body i mod 100, an invoice when i mod 10 < 8. */
const invoiceNumber = (n: number, entries: number) =>
  String(((n * 7919) % Math.max(1, Math.floor(entries / 10))) * 10 + (n % 8) + 1).padStart(6, '0');
/** Customers of the sample invoices filed in purchases (sample bodies 6, 7, 16, 17... 96, 97: customer n mod 97). */
export const PURCHASE_CUSTOMERS = Array.from({ length: 20 }, (_, i) => (Math.floor(i / 2) * 10 + 6 + (i % 2)) % 97);

/**
 * The searches, over the sample entries of `npm run seed` (src/domain/transfer/sample-entries.ts: invoices numbered
 * SAMPLE-000001 on, from one supplier, to 97 customers; parties; messages):
 * - one invoice by its number, another each request: a term held by one entry;
 * - one customer's name in the purchases folder: one to three entries in a hundred ("6" is also the start of "66");
 * - the supplier's tax id: held by nine entries in ten, the worst case, every match ranked.
 */
const searchCases = (entries: number): SearchCase[] => [
  { id: 'search-code', title: 'search one invoice number', query: (n) => `q=SAMPLE-${invoiceNumber(n, entries)}` },
  {
    id: 'search-customer',
    title: 'search customer name + folder',
    query: (n) => `q=${encodeURIComponent(`sample customer ${PURCHASE_CUSTOMERS[n % PURCHASE_CUSTOMERS.length]}`)}&folder=purchases`,
  },
  { id: 'search-common', title: 'search a tax id held by 90% of entries', query: () => 'q=B98602642' },
];

/**
 * Search latency on the seeded workspace of `token`: each case at fixed concurrency for `seconds`, after one
 * request that checks it answers 200 with matches.
 */
export async function benchSearch(
  url: string,
  token: string,
  options: { entries: number; seconds: number; connections: number },
  log: (line: string) => void,
): Promise<SearchBenchResult> {
  const result: SearchBenchResult = { entries: options.entries, connections: options.connections, seconds: options.seconds, cases: [] };
  const headers = { authorization: `Bearer ${token}` };
  for (const c of searchCases(options.entries)) {
    const first = await fetch(`${url}/silo/v1/search?${c.query(1)}`, { headers });
    const body = (await first.json()) as { list?: unknown[] };
    if (!first.ok || !body.list?.length) throw new Error(`${c.title}: status ${first.status}, ${JSON.stringify(body).slice(0, 200)}`);
    let n = 0;
    const path = (k: number) => `/silo/v1/search?${c.query(k)}`;
    const request: HttpRequest = { method: 'GET', path: path(0), headers, setupRequest: (r) => ({ ...r, path: path(n++) }) };
    const load = await runLoad(url, request, { connections: options.connections, seconds: options.seconds });
    const row = {
      id: c.id,
      title: c.title,
      listed: body.list.length,
      rps: load.rps,
      latency: load.latency,
      errors: load.errors + load.non2xx,
    };
    result.cases.push(row);
    log(
      `  ${c.title} (${options.entries} entries), c=${options.connections}: ${row.rps} req/s, p50 ${row.latency.p50Ms} ms, p99 ${row.latency.p99Ms} ms${row.errors ? `, ${row.errors} errors` : ''}`,
    );
  }
  return result;
}
