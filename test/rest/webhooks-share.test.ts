import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, verifies, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * Deliveries share a process's places among workspaces: a workspace whose endpoints answer slowly holds at most
 * WEBHOOK_WORKSPACE_CONCURRENCY of the WEBHOOK_CONCURRENCY places, and another workspace's delivery goes at once.
 */
let t: TestServer;
const receivers = new ReceiverPool();

beforeAll(async () => {
  t = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_CONCURRENCY: '4', WEBHOOK_WORKSPACE_CONCURRENCY: '2' });
});
afterAll(async () => {
  await receivers.stopAll();
  await t.close();
});

const receiver = (delayMs = 0) => receivers.start(delayMs);

test("six slow endpoints of one workspace do not hold up another workspace's delivery", async () => {
  const slow = await receiver(4_000);
  const noisy = client(t.url, await tokenFor(newWorkspace()));
  for (let i = 0; i < 6; i++) expect((await noisy.post('/silo/v1/webhooks', { url: `${slow.url}?n=${i}` })).status).toBe(200);
  expect((await noisy.post('/silo/v1/entries', { data: party('Noisy') })).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 500)); // its deliveries have taken their places

  const fast = await receiver();
  const quiet = client(t.url, await tokenFor(newWorkspace()));
  const { secret } = (await quiet.post('/silo/v1/webhooks', { url: fast.url })).body;
  const started = Date.now();
  expect((await quiet.post('/silo/v1/entries', { data: party('Quiet') })).status).toBe(200);
  await waitFor(() => fast.hooks.length === 1, 10_000, "the quiet workspace's delivery");
  // Its delivery went while the noisy workspace's endpoints were still answering (they take 4 s each).
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(slow.hooks.length).toBe(0);
  expect(verifies(fast.hooks[0], secret)).toBe(true);
  // The slow ones get theirs all the same, two at a time.
  await waitFor(() => slow.hooks.length === 6, 20_000, 'the slow endpoints');
}, 30_000);
