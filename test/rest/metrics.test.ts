import { randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { metricSamples as samples } from '../helpers/metrics';
import { waitFor, WEBHOOK_TEST_ENV, WebhookReceiver } from '../helpers/webhook-receiver';

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const reply = await fetch(`${url}/metrics`, { headers });
  return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
};

let t: TestServer;
beforeAll(async () => {
  t = await startServer(WEBHOOK_TEST_ENV);
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
    // The engine thread that took the create reported its heap with its answer: a live V8 heap, of megabytes.
    const threadHeaps = [...after].filter(([name]) => name.startsWith('engine_thread_heap_bytes{thread=')).map(([, bytes]) => bytes);
    expect(threadHeaps.length).toBeGreaterThanOrEqual(1);
    for (const bytes of threadHeaps) expect(bytes).toBeGreaterThan(1024 * 1024);
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

  test("webhooks: attempts by outcome, and the lag of a delivery from its event's creation", async () => {
    const rx = await new WebhookReceiver().start();
    try {
      // The first two attempts answered 503 (retried), then 200.
      rx.answer = (_hook, index) => (index < 2 ? 503 : 200);
      const api = client(t.url, await tokenFor(newWorkspace()));
      expect((await api.post('/silo/v1/webhooks', { url: rx.url })).status).toBe(200);
      const before = samples((await scrape(t.url)).text);
      expect((await api.post('/silo/v1/entries', { data: party('Hooked Ltd') })).status).toBe(200);
      await waitFor(() => rx.accepted.length === 1, 15_000, 'a delivery');
      // The counters move once the attempt is recorded, just after the receiver answered.
      let after = before;
      const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      await waitFor(
        async () => {
          after = samples((await scrape(t.url)).text);
          return grew('webhook_deliveries_total{outcome="delivered"}') >= 1;
        },
        5_000,
        'the delivered count',
      );
      expect(grew('webhook_deliveries_total{outcome="delivered"}')).toBe(1);
      expect(grew('webhook_deliveries_total{outcome="retrying"}')).toBe(2);
      expect(grew('webhook_delivery_lag_seconds_count')).toBe(1);
      expect(grew('webhook_delivery_lag_seconds_sum')).toBeGreaterThan(0);
      expect(grew('webhook_delivery_lag_seconds_sum')).toBeLessThan(15);
      expect(after.has('webhook_endpoints_disabled_total')).toBe(true);
    } finally {
      await rx.stop();
    }
  });

  test('webhooks: an endpoint that never answers 2xx shows retries, failures and, after five (shortened) days, its disabling', async () => {
    const rx = await new WebhookReceiver().start();
    try {
      rx.answer = () => 503;
      const api = client(t.url, await tokenFor(newWorkspace()));
      const hook = (await api.post('/silo/v1/webhooks', { url: rx.url })).body;
      const before = samples((await scrape(t.url)).text);
      await api.post('/silo/v1/entries', { data: party('Never heard') });
      await api.post('/silo/v1/entries', { data: party('Never heard either') });
      await waitFor(async () => (await api.get(`/silo/v1/webhooks/${hook.id}`)).body.enabled === false, 30_000, 'the endpoint disabled');
      const after = samples((await scrape(t.url)).text);
      const grew = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      expect(grew('webhook_endpoints_disabled_total')).toBe(1);
      expect(grew('webhook_deliveries_total{outcome="failed"}')).toBeGreaterThanOrEqual(1);
      expect(grew('webhook_deliveries_total{outcome="retrying"}')).toBeGreaterThanOrEqual(2);
      expect(grew('webhook_deliveries_total{outcome="delivered"}')).toBe(0);
      expect(grew('webhook_delivery_lag_seconds_count')).toBe(0);
    } finally {
      await rx.stop();
    }
  });
});
