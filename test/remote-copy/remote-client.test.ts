import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  RemoteClient,
  RemoteRefusedError,
  RemoteStatusError,
  RemoteUnavailableError,
  retryAfterMs,
} from '../../src/remote-copy/remote-client';

/**
 * The migration's HTTP client against a scripted server: what it retries, how long it waits (the sleeps are
 * recorded, not slept), what stops it at once, and where its token goes.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function scripted(handlers: Handler[]) {
  const seen: { url: string; authorization?: string }[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const handler = handlers[Math.min(seen.length - 1, handlers.length - 1)];
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const reset: Handler = (req) => req.socket.destroy();

function clientOf(url: string, delays: number[], options: Partial<ConstructorParameters<typeof RemoteClient>[0]> = {}) {
  return new RemoteClient({ baseUrl: url, token: 'the-token', sleep: async (ms) => void delays.push(ms), random: () => 0.5, ...options });
}

test('Retry-After is read as seconds or as an HTTP date', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  expect(retryAfterMs('3', now)).toBe(3000);
  expect(retryAfterMs('Fri, 27 Nov 2026 12:00:05 GMT', now)).toBe(5000);
  expect(retryAfterMs('Fri, 27 Nov 2026 11:00:00 GMT', now)).toBe(0);
  expect(retryAfterMs('soon', now)).toBeUndefined();
  expect(retryAfterMs(null, now)).toBeUndefined();
});

test('429 and 503 are retried after the Retry-After asked for, capped; 502 and 504 with backoff', async () => {
  const later = new Date(Date.now() + 4000).toUTCString();
  const remote = await scripted([
    json(429, { code: 'too-many' }, { 'retry-after': '2' }),
    json(503, { code: 'unavailable' }, { 'retry-after': later }),
    json(503, { code: 'unavailable' }, { 'retry-after': '3600' }),
    json(502, {}),
    json(504, {}),
    json(200, { list: [] }),
  ]);
  try {
    const delays: number[] = [];
    expect(await clientOf(remote.url, delays, { retryAfterCapMs: 10_000 }).json(new URL(`${remote.url}/remote/list`))).toEqual({
      list: [],
    });
    expect(delays[0]).toBe(2000);
    // An HTTP date a second precise: 3 to 4 s from now.
    expect(delays[1]).toBeGreaterThan(2000);
    expect(delays[1]).toBeLessThanOrEqual(4000);
    expect(delays[2]).toBe(10_000);
    // Backoff: 500 ms doubled per attempt, half of it fixed and half random (0.5 here).
    expect(delays.slice(3)).toEqual([0.75 * 4000, 0.75 * 8000]);
    expect(remote.seen).toHaveLength(6);
  } finally {
    await remote.close();
  }
});

test('connection resets are retried until the attempts run out, then the remote is unavailable', async () => {
  const remote = await scripted([reset]);
  try {
    const delays: number[] = [];
    const failure = clientOf(remote.url, delays, { maxAttempts: 4 }).json(new URL(`${remote.url}/remote/list`));
    await expect(failure).rejects.toThrow(RemoteUnavailableError);
    await expect(failure).rejects.toThrow(/failed 4 times/);
    expect(remote.seen).toHaveLength(4);
    expect(delays).toEqual([375, 750, 1500]);
  } finally {
    await remote.close();
  }
});

test('a stalled answer times out and is asked again', async () => {
  let first = true;
  const remote = await scripted([
    (_req, res) => {
      if (first) {
        first = false;
        setTimeout(() => res.destroy(), 1500).unref();
      }
    },
    json(200, { ok: true }),
  ]);
  try {
    const reasons: string[] = [];
    const client = clientOf(remote.url, [], { timeoutMs: 300, onRetry: (r) => reasons.push(r.reason) });
    expect(await client.json(new URL(`${remote.url}/remote/x`))).toEqual({ ok: true });
    expect(reasons).toEqual(['timed out']);
  } finally {
    await remote.close();
  }
});

test('401 and 403 stop at once with the message; other refusals are not retried', async () => {
  const remote = await scripted([
    json(401, { code: 'unauthorized' }),
    json(403, { code: 'forbidden' }),
    json(404, { key: 'not-found', code: 'not-found', message: 'no such entry' }),
  ]);
  try {
    const delays: number[] = [];
    const client = clientOf(remote.url, delays);
    await expect(client.json(new URL(`${remote.url}/remote/a`))).rejects.toThrow(new RemoteRefusedError(401));
    await expect(client.json(new URL(`${remote.url}/remote/b`))).rejects.toThrow('the remote refused the token (403): check --token');
    const missing = client.json(new URL(`${remote.url}/remote/c`));
    await expect(missing).rejects.toThrow(RemoteStatusError);
    await expect(missing).rejects.toThrow(/answered 404 not-found: no such entry/);
    expect(remote.seen).toHaveLength(3);
    expect(delays).toEqual([]);
  } finally {
    await remote.close();
  }
});

test('the token goes to the remote itself, never with a signed link nor to another host', async () => {
  const remote = await scripted([(_req, res) => res.end('bytes')]);
  const other = await scripted([(_req, res) => res.end('bytes')]);
  try {
    const client = clientOf(`${remote.url}/prefix`, []);
    expect(client.route('silo/v1/entries', { ascending: 'true', cursor: undefined }).href).toBe(
      `${remote.url}/prefix/silo/v1/entries?ascending=true`,
    );
    await client.bytes(new URL(`${remote.url}/prefix/files/1`));
    await client.bytes(new URL(`${remote.url}/prefix/files/1/download?expires=1&signature=abc`));
    await client.bytes(new URL(`${other.url}/bucket/1`));
    expect(remote.seen.map((s) => s.authorization)).toEqual(['Bearer the-token', undefined]);
    expect(other.seen.map((s) => s.authorization)).toEqual([undefined]);
  } finally {
    await remote.close();
    await other.close();
  }
});
