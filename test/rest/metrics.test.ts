import { randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/** Samples of a Prometheus text answer: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const reply = await fetch(`${url}/metrics`, { headers });
  return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
};

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  test('after some requests: counts and latencies by route pattern and status, engine and query times, the process', async () => {
    const before = samples((await scrape(t.url)).text);
    const api = client(t.url, await tokenFor(newWorkspace()));
    const created = await api.post('/silo/v1/entries', { data: party('Measured Ltd') });
    expect(created.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api.get(`/silo/v1/entries/${created.body.id}`)).status).toBe(200);
    expect((await api.get(`/silo/v1/entries/${randomUUID()}`)).status).toBe(404);
    expect((await client(t.url).get('/silo/v1/entries')).status).toBe(401);
    expect((await api.post('/graphql', { query: '{ entries { edges { cursor } } }' })).status).toBe(200);

    const reply = await scrape(t.url);
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const after = samples(reply.text);
    const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);

    expect(grew('http_requests_total{method="GET",route="/silo/v1/entries/:id",status="200"}')).toBe(3);
    expect(grew('http_requests_total{method="GET",route="/silo/v1/entries/:id",status="404"}')).toBe(1);
    expect(grew('http_requests_total{method="POST",route="/silo/v1/entries",status="200"}')).toBe(1);
    expect(grew('http_requests_total{method="GET",route="/silo/*",status="401"}')).toBe(1);
    expect(grew('http_requests_total{method="POST",route="/graphql",status="200"}')).toBe(1);
    expect(grew('http_request_duration_seconds_count{method="GET",route="/silo/v1/entries/:id",status="200"}')).toBe(3);
    expect(grew('http_request_duration_seconds_sum{method="GET",route="/silo/v1/entries/:id",status="200"}')).toBeGreaterThan(0);
    // The pattern, never the raw path: no label holds an id.
    expect(reply.text).not.toContain(created.body.id);

    expect(grew('engine_document_seconds_count')).toBe(1);
    expect(grew('engine_document_seconds_sum')).toBeGreaterThan(0);
    expect(grew('db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThanOrEqual(5);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (testDatabase() === 'mariadb') {
      expect(after.get('db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
      expect(after.has('db_pool_connections{state="in_use"}')).toBe(true);
    }
  });

  test('with METRICS_TOKEN, only that bearer token may scrape', async () => {
    const guarded = await startServer({ METRICS_TOKEN: 'scrape-me-0123456789' });
    try {
      expect((await scrape(guarded.url)).status).toBe(401);
      expect((await scrape(guarded.url, { authorization: 'Bearer wrong' })).status).toBe(401);
      const user = await tokenFor(newWorkspace());
      expect((await scrape(guarded.url, { authorization: `Bearer ${user}` })).status).toBe(401);
      const ok = await scrape(guarded.url, { authorization: 'Bearer scrape-me-0123456789' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
