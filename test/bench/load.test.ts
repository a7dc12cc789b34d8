import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInTurn } from '../../bench/load';

/** Wide apart, so that timer granularity and a busy machine cannot blur which answer was which. */
const SLOW_MS = 600;
const BETWEEN_MS = 500;

/** A real server with a fast path, a slow path and a failing path, to check how runInTurn attributes answers. */
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow'), SLOW_MS);
    else if (req.url === '/missing') res.writeHead(404).end();
    else res.end('fast');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string) => ({ method: 'GET' as const, path, headers: {} });

describe('runInTurn: request shapes in turn on the same connections', () => {
  test('each answer is counted against the shape that asked for it', async () => {
    const [fast, slow] = await runInTurn(url, [get('/fast'), get('/slow')], { connections: 2, seconds: 0, amount: 20 });
    expect(fast.requests + slow.requests).toBe(20);
    expect(Math.abs(fast.requests - slow.requests)).toBeLessThanOrEqual(2);
    expect(Math.max(...fast.latencies)).toBeLessThan(BETWEEN_MS);
    expect(Math.min(...slow.latencies)).toBeGreaterThanOrEqual(BETWEEN_MS);
  });

  test('answers that are not 2xx count as failures of their own shape only', async () => {
    const [ok, missing] = await runInTurn(url, [get('/fast'), get('/missing')], { connections: 2, seconds: 0, amount: 20 });
    expect(ok.ok).toBe(ok.requests);
    expect(ok.non2xx).toBe(0);
    expect(missing.ok).toBe(0);
    expect(missing.non2xx).toBe(missing.requests);
    expect(missing.latencies).toEqual([]);
  });
});
