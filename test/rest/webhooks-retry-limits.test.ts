import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * A retry asked for by hand goes through the same limits as every delivery: it is scheduled and answered at once
 * (202), and the dispatcher sends it within WEBHOOK_CONCURRENCY and the workspace's share; and however many
 * retries are asked for, an endpoint keeps at most 1,000 attempts.
 */
const SHARE = 3;
let t: TestServer;
const receivers = new ReceiverPool();

beforeAll(async () => {
  t = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_CONCURRENCY: '8', WEBHOOK_WORKSPACE_CONCURRENCY: String(SHARE) });
});
afterAll(async () => {
  await receivers.stopAll();
  await t.close();
});

/** A workspace with an endpoint at `receiver` that got one event: its client, the endpoint and that attempt. */
async function deliveredOnce(url: string, received: () => number) {
  const api = client(t.url, await tokenFor(newWorkspace()));
  const hook = (await api.post('/silo/v1/webhooks', { url })).body as { id: string };
  expect((await api.post('/silo/v1/entries', { data: party('Retried') })).status).toBe(200);
  await waitFor(() => received() === 1, 10_000, 'the first delivery');
  const path = `/silo/v1/webhooks/${hook.id}/deliveries`;
  let list: any[] = [];
  await waitFor(async () => (list = (await api.get(path)).body.list).length === 1, 5_000, 'the attempt recorded');
  return { api, hook, path, delivery: list[0] as { id: string; event_id: string } };
}

test("300 concurrent retries to a receiver that holds its answers are all answered, and open at most the workspace's share of connections", async () => {
  const rx = await receivers.start();
  const { api, hook, path, delivery } = await deliveredOnce(rx.url, () => rx.hooks.length);
  rx.delayMs = 60_000; // longer than this test may take: a retry that waited for the receiver would never be answered
  rx.mostConnections = rx.openConnections;

  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: 300 }, () => api.post(`${path}/${delivery.id}/retry`)));
  console.log(`300 retries answered in ${Date.now() - started} ms`);
  expect(answers.map((answer) => answer.status)).toEqual(Array(300).fill(202));
  expect(answers.every((answer) => answer.body.status === 'scheduled' && answer.body.event_id === delivery.event_id)).toBe(true);
  expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(300);

  // The dispatcher sends them, the share at a time: ten polls later no more connections were opened.
  await waitFor(() => rx.openConnections >= SHARE, 10_000, 'the first retries sent');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(rx.mostConnections).toBe(SHARE);
  const listed = (await api.get(`${path}?limit=200`)).body.list as { status: string }[];
  expect(listed.filter((d) => d.status === 'scheduled').length).toBeGreaterThan(100); // most wait their turn
  // The rest are dropped with the endpoint (its attempts go with it).
  expect((await api.send('DELETE', `/silo/v1/webhooks/${hook.id}`)).status).toBe(204);
}, 40_000);

test('an endpoint keeps at most 1,000 attempts, however many retries are asked for', async () => {
  const rx = await receivers.start();
  const { api, path, delivery } = await deliveredOnce(rx.url, () => rx.hooks.length);
  const retries = 1_100;
  // Each batch retries an attempt of the batch before: the first ones are pruned in time, as the oldest.
  for (let sent = 0, target = delivery.id; sent < retries; sent += 50) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(`${path}/${target}/retry`)));
    target = answers[0].body.id;
    expect(answers.filter((answer) => answer.status !== 202).map((answer) => [answer.status, answer.body])).toEqual([]);
  }
  await waitFor(
    async () => (await api.get(`${path}?limit=200`)).body.list.every((d: any) => d.status !== 'scheduled'),
    90_000,
    'the retries sent',
  );
  let kept = 0;
  let statuses = new Set<string>();
  for (let before: string | undefined, pages = 0; pages < 10; pages++) {
    const page = (await api.get(`${path}?limit=200${before ? `&before=${before}` : ''}`)).body;
    kept += page.list.length;
    statuses = new Set([...statuses, ...page.list.map((d: any) => d.status)]);
    before = page.next_before;
    if (!before) break;
  }
  expect(kept).toBeLessThanOrEqual(1_000);
  expect(kept).toBeGreaterThan(900);
}, 150_000);
