import { randomUUID } from 'node:crypto';
import { client, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * The scan for due endpoints is fair among workspaces whatever WEBHOOK_CONCURRENCY is: a workspace with 50 slow
 * endpoints due (more than the scan reads at once) never hides another workspace's one, which goes at once
 * rather than after the first workspace's backlog.
 */
let t: TestServer;
const receivers = new ReceiverPool();

beforeAll(async () => {
  t = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_CONCURRENCY: '8', WEBHOOK_WORKSPACE_CONCURRENCY: '4' });
});
afterAll(async () => {
  await receivers.stopAll();
  await t.close();
});

test("with WEBHOOK_CONCURRENCY=8, 50 slow endpoints of one workspace do not delay another workspace's delivery", async () => {
  const slowMs = 3_000;
  const slow = await receivers.start(slowMs);
  // Named so that it sorts, and its endpoints are found, before the other workspace's.
  const noisy = client(t.url, await tokenFor(`aaaa-${randomUUID()}`));
  for (let i = 0; i < 50; i++) expect((await noisy.post('/silo/v1/webhooks', { url: `${slow.url}?n=${i}` })).status).toBe(200);
  expect((await noisy.post('/silo/v1/entries', { data: party('Noisy') })).status).toBe(200);
  await waitFor(() => slow.openConnections >= 4, 5_000, "the noisy workspace's first deliveries");

  const fast = await receivers.start();
  const quiet = client(t.url, await tokenFor(`zzzz-${randomUUID()}`));
  expect((await quiet.post('/silo/v1/webhooks', { url: fast.url })).status).toBe(200);
  const started = Date.now();
  expect((await quiet.post('/silo/v1/entries', { data: party('Quiet') })).status).toBe(200);
  // It goes while the noisy workspace's first deliveries still wait for their answers (its backlog is 12 rounds).
  await waitFor(() => fast.hooks.length === 1, 2 * slowMs, "the quiet workspace's delivery");
  const waited = Date.now() - started;
  console.log(`the quiet workspace's delivery took ${waited} ms beside 50 endpoints answering in ${slowMs} ms`);
  expect(waited).toBeLessThan(slowMs);
  expect(slow.mostConnections).toBeLessThanOrEqual(4);
}, 60_000);
