import { mintToken } from '../src/auth/mint-token';
import { flood } from './flood-process';
import { runLoad } from './load';
import { noisyPdfs } from './noisy-pdf';
import { noisySubscription } from './noisy-subscription';
import { retryStorm, RETRY_STORM_ENV } from './retry-storm';
import { INVOICE, type HttpRequest } from './scenarios';

/** What the service running the noisy tenants needs beside the bench's own settings (a receiver on loopback). */
export const NOISY_TENANTS_ENV = RETRY_STORM_ENV;

/** The quiet workspace's reads and creates at fixed rates over one stretch. */
export interface QuietFigures {
  reads: { p50Ms: number; p99Ms: number; requests: number };
  creates: { p50Ms: number; p99Ms: number; requests: number };
}

/** One hostile tenant beside the quiet one: what the quiet one measured, and what the hostile one got. */
export interface NoisyTenant {
  name: string;
  quiet: QuietFigures;
  /** The quiet workspace's create p99 over its p99 alone (the bound: 3). */
  createRatio: number;
  readRatio: number;
  noise: unknown;
}

const READ_RATE = 50;
const CREATE_RATE = 10;

async function quietFigures(url: string, token: string, seconds: number): Promise<QuietFigures> {
  const authorization = `Bearer ${token}`;
  const read: HttpRequest = { method: 'GET', path: '/silo/v1/entries?limit=20', headers: { authorization } };
  const create: HttpRequest = {
    method: 'POST',
    path: '/silo/v1/entries',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ data: INVOICE }),
  };
  const [reads, creates] = await Promise.all([
    runLoad(url, read, { connections: 2, rate: READ_RATE, seconds }),
    runLoad(url, create, { connections: 2, rate: CREATE_RATE, seconds }),
  ]);
  const figures = (r: typeof reads) => ({ p50Ms: r.latency.p50Ms, p99Ms: r.latency.p99Ms, requests: r.requests });
  return { reads: figures(reads), creates: figures(creates) };
}

/**
 * The hostile tenants of issue 39's review, each in turn beside a quiet workspace that reads its list and creates
 * invoices at fixed rates: a subscription priced past the complexity limit over invoices that all name each other,
 * loops of PDFs of invoices with 10,000-character words, a storm of manual webhook retries to a receiver that
 * holds its answers, and a flood of list requests on 50 connections (held to WORKSPACE_REQUEST_RATE). Each is measured against the quiet workspace alone, on the same service (run with
 * NOISY_TENANTS_ENV).
 */
export async function benchNoisyTenants(
  url: string,
  secret: string,
  seconds: number,
  log: (line: string) => void,
): Promise<{ alone: QuietFigures; tenants: NoisyTenant[] }> {
  const token = (workspace: string) => mintToken(secret, workspace, { expiresIn: '1d' });
  const quiet = await token('bench-quiet-beside-hostile');
  await quietFigures(url, quiet, 1); // warm up
  const alone = await quietFigures(url, quiet, seconds);
  log(`  hostile tenants: quiet workspace alone: reads p99 ${alone.reads.p99Ms} ms, creates p99 ${alone.creates.p99Ms} ms`);

  const hostile: { name: string; run: (token: string, until: number) => Promise<unknown> }[] = [
    { name: 'hostile subscription', run: (t, until) => noisySubscription(url, t, until) },
    { name: 'long-word PDFs', run: (t, until) => noisyPdfs(url, t, until, { loops: 4 }) },
    { name: 'webhook retry storm', run: (t, until) => retryStorm(url, t, until, { concurrency: 100 }) },
    // Any route will do: a list asked for again the moment it is answered, on 50 connections, from a process of its own.
    {
      name: 'request flood',
      run: (t, until) =>
        flood({
          url,
          request: { method: 'GET', path: '/silo/v1/entries?limit=20', headers: { authorization: `Bearer ${t}` } },
          attempts: Number.MAX_SAFE_INTEGER,
          concurrency: 50,
          seconds: (until - Date.now()) / 1000,
        }),
    },
  ];
  const tenants: NoisyTenant[] = [];
  for (const { name, run } of hostile) {
    const noisyToken = await token(`bench-hostile-${name.replace(/\W+/g, '-')}`);
    const noise = run(noisyToken, Date.now() + (seconds + 2) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the hostile tenant is under way
    const beside = await quietFigures(url, quiet, seconds);
    const tenant: NoisyTenant = {
      name,
      quiet: beside,
      createRatio: Math.round((beside.creates.p99Ms / alone.creates.p99Ms) * 100) / 100,
      readRatio: Math.round((beside.reads.p99Ms / alone.reads.p99Ms) * 100) / 100,
      noise: await noise,
    };
    tenants.push(tenant);
    log(
      `  hostile tenants: beside ${name}: reads p99 ${beside.reads.p99Ms} ms (${tenant.readRatio} × alone), ` +
        `creates p99 ${beside.creates.p99Ms} ms (${tenant.createRatio} × alone); the hostile tenant got ${JSON.stringify(tenant.noise)}`,
    );
  }
  return { alone, tenants };
}
