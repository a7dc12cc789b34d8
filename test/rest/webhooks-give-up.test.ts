import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { waitFor, WEBHOOK_TEST_ENV, WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * An endpoint that never answers 2xx: each event is retried for three days, then given up (failed) and delivery
 * moves on; after five days of failing everything the endpoint is disabled, with a reason. The schedule is
 * shortened 100,000 times: three days are 2.6 s, five 4.3 s.
 */
let t: TestServer;
let rx: WebhookReceiver;

beforeAll(async () => {
  t = await startServer(WEBHOOK_TEST_ENV);
  rx = await new WebhookReceiver().start();
});
afterAll(async () => {
  await rx.stop();
  await t.close();
});

test('retries end after three days (failed, next event), and five days of failures disable the endpoint', async () => {
  const api = client(t.url, await tokenFor(newWorkspace()));
  rx.answer = () => 503;
  const hook = (await api.post('/silo/v1/webhooks', { url: rx.url })).body;
  await api.post('/silo/v1/entries', { data: party('One') });
  await api.post('/silo/v1/entries', { data: party('Two') });
  const started = Date.now();
  await waitFor(async () => (await api.get(`/silo/v1/webhooks/${hook.id}`)).body.enabled === false, 30_000, 'the endpoint disabled');
  const elapsed = Date.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(4_000);

  const endpoint = (await api.get(`/silo/v1/webhooks/${hook.id}`)).body;
  expect(endpoint.disabled_reason).toMatch(/every delivery failed since/);
  expect(endpoint.failing_since).toBeDefined();
  const deliveries = (await api.get(`/silo/v1/webhooks/${hook.id}/deliveries?limit=200`)).body.list.reverse();
  const ofFirst = deliveries.filter((d: any) => d.position === 1);
  // The first event: retried, then given up once three days (2.6 s) had passed since its first attempt.
  expect(ofFirst.length).toBeGreaterThan(5);
  expect(ofFirst.slice(0, -1).every((d: any) => d.status === 'retrying')).toBe(true);
  expect(ofFirst.at(-1).status).toBe('failed');
  expect(Date.parse(ofFirst.at(-1).created_at) - Date.parse(ofFirst[0].created_at)).toBeGreaterThanOrEqual(2_590);
  expect(ofFirst.map((d: any) => d.attempt)).toEqual(ofFirst.map((_: unknown, i: number) => i + 1));
  // Then the second, until the endpoint was disabled.
  expect(deliveries.filter((d: any) => d.position === 2).length).toBeGreaterThan(0);
  const seen = rx.hooks.length;
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(rx.hooks.length).toBe(seen);
});
