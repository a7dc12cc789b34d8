import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * A lease that runs out while its own process still delivers (a receiver slower than WEBHOOK_LEASE_MS, or a loop
 * held up on a busy machine) must not let that process claim the endpoint a second time: two runs side by side,
 * both the lease's owner, would each send every event, and the endpoint would get each twice.
 */
let t: TestServer;
const receivers = new ReceiverPool();
beforeAll(async () => {
  t = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_LEASE_MS: '200' });
});
afterAll(async () => {
  await receivers.stopAll();
  await t.close();
});

test('a receiver slower than the lease gets each event once, one at a time', async () => {
  const rx = await receivers.start(700);
  const api = client(t.url, await tokenFor(newWorkspace()));
  const hook = await api.post('/silo/v1/webhooks', { url: `${rx.base}/slow` });
  expect(hook.status).toBe(200);
  for (const name of ['One', 'Two', 'Three']) expect((await api.post('/silo/v1/entries', { data: party(name) })).status).toBe(200);
  await waitFor(() => new Set(rx.hooks.map((h) => h.payload.position)).size === 3, 20_000, 'three events');
  // Polls every 100 ms find the lease run out during each 700 ms wait: time for a second run to show itself.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(rx.hooks.map((h) => h.payload.position)).toEqual([1, 2, 3]);
  expect(rx.overlaps).toBe(0);
});
