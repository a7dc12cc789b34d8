import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { INVOICE } from './scenarios';
import { percentile } from './stats';

/**
 * A noisy neighbour for the neighbour bench: a workspace that asks for manual webhook retries, many at once, to a
 * receiver on loopback that holds each answer (as a slow or hostile endpoint would). Every retry is scheduled and
 * answered at once, and the service opens at most its workspace's share of connections (WEBHOOK_WORKSPACE_
 * CONCURRENCY) to the receiver, never one per retry.
 *
 * The service must run with RETRY_STORM_ENV (the receiver is plain http on 127.0.0.1).
 */
export const RETRY_STORM_ENV = { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true' };

export interface RetryStormOptions {
  /** Retries asked for at once, in rounds until `untilMs` (default 100). */
  concurrency?: number;
  /** How long the receiver holds each answer (default 2 s). */
  holdMs?: number;
}

export interface RetryStormResults {
  /** Retries asked for, and their answers by status. */
  retries: number;
  statuses: Record<string, number>;
  /** How long the service took to answer a retry. */
  answerP99Ms: number;
  answerMaxMs: number;
  /** The receiver: the most connections it had open at once, and the requests it got. */
  mostConnections: number;
  received: number;
}

/** A receiver on 127.0.0.1 that answers 200 after `holdMs`, counting its connections. */
async function slowReceiver(holdMs: number) {
  const state = { open: 0, most: 0, received: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.received++;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          res.writeHead(200, { connection: 'close' }).end('ok');
        },
        state.received === 1 ? 0 : holdMs,
      ); // the first, the event's own delivery, at once
      timers.add(timer);
    });
  });
  server.on('connection', (socket) => {
    state.most = Math.max(state.most, ++state.open);
    socket.on('close', () => state.open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stop = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, state, stop };
}

/**
 * Registers an endpoint at a slow receiver in the token's workspace, creates one entry (its event delivered at
 * once), then asks for retries of its latest attempt, `concurrency` at a time, until `untilMs` (a Date.now()
 * value). The endpoint is deleted at the end (with the retries still waiting), and the receiver stopped.
 */
export async function retryStorm(url: string, token: string, untilMs: number, options: RetryStormOptions = {}): Promise<RetryStormResults> {
  const concurrency = options.concurrency ?? 100;
  const receiver = await slowReceiver(options.holdMs ?? 2_000);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const statuses: Record<string, number> = {};
  const answerMs: number[] = [];
  let hookId: string | undefined;
  try {
    const hook = await call('POST', '/silo/v1/webhooks', { url: receiver.url });
    if (hook.status !== 200) throw new Error(`retry storm: registering the endpoint answered ${hook.status}`);
    hookId = hook.body.id as string;
    const created = await call('POST', '/silo/v1/entries', { data: INVOICE });
    if (created.status !== 200) throw new Error(`retry storm: creating the entry answered ${created.status}`);
    const deliveries = `/silo/v1/webhooks/${hookId}/deliveries`;
    let target: string | undefined;
    for (const deadline = Date.now() + 10_000; !target && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      target = (await call('GET', `${deliveries}?limit=1`)).body?.list?.[0]?.id;
    }
    if (!target) throw new Error('retry storm: the first delivery was not recorded');
    while (Date.now() < untilMs) {
      const round = await Promise.all(
        Array.from({ length: concurrency }, async () => {
          const started = performance.now();
          const answer = await call('POST', `${deliveries}/${target}/retry`);
          answerMs.push(performance.now() - started);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          return answer;
        }),
      );
      // The newest attempt next: the oldest are pruned past 1,000.
      target = round.find((answer) => answer.status === 202)?.body.id ?? target;
    }
  } finally {
    if (hookId) await call('DELETE', `/silo/v1/webhooks/${hookId}`).catch(() => undefined);
    await receiver.stop();
  }
  const sorted = answerMs.sort((a, b) => a - b);
  return {
    retries: answerMs.length,
    statuses,
    answerP99Ms: Math.round(percentile(sorted, 99)),
    answerMaxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    mostConnections: receiver.state.most,
    received: receiver.state.received,
  };
}
