import { apisFor } from '../graphql/graphql-client';
import { SendTestWebhookEventDocument, WebhookDeliveriesDocument } from '../graphql/generated/graphql';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, verifies, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * "Send test event": POST /silo/v1/webhooks/{id}/test and sendTestWebhookEvent schedule a `webhook.test` delivery
 * that the dispatcher sends like any other attempt: signed (verified here with the standardwebhooks package),
 * listed in the endpoint's deliveries, within the workspace's share of the delivery places, and without moving the
 * endpoint's place in the feed or adding to the feed.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
const receivers = new ReceiverPool();
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

// One place per workspace: test events asked for together must then reach the receiver one after another.
beforeAll(async () => {
  t = await startServer({ ...WEBHOOK_TEST_ENV, WEBHOOK_WORKSPACE_CONCURRENCY: '1' });
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterEach(() => receivers.stopAll());
afterAll(() => t.close());

async function register(url: string) {
  const reply = await api.post('/silo/v1/webhooks', { url });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; secret: string; position: number };
}

const deliveriesOf = async (id: string) => (await api.get(`/silo/v1/webhooks/${id}/deliveries`)).body.list as any[];

describe('send test event', () => {
  test("REST: 202 scheduled, then a signed webhook.test POST, listed as delivered; the feed and the endpoint's place stay", async () => {
    const rx = await receivers.start();
    const hook = await register(rx.url);
    const sent = await api.post(`/silo/v1/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ status: 'scheduled', event_type: 'webhook.test', position: 0, attempt: 1 });

    await waitFor(() => rx.hooks.length === 1, 10_000, 'the test event');
    const [received] = rx.hooks;
    expect(verifies(received, hook.secret)).toBe(true);
    expect(received.headers['webhook-id']).toBe(sent.body.event_id);
    expect(received.payload).toEqual({
      id: sent.body.event_id,
      type: 'webhook.test',
      created_at: sent.body.created_at,
      entry_id: null,
      position: 0,
      data: { webhook_id: hook.id },
    });

    let listed: any[] = [];
    await waitFor(async () => (listed = await deliveriesOf(hook.id))[0]?.status === 'delivered', 5_000, 'the attempt recorded');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: sent.body.id,
      event_type: 'webhook.test',
      status: 'delivered',
      response_code: 200,
      response_excerpt: 'answered 200',
    });
    expect((await api.get(`/silo/v1/webhooks/${hook.id}`)).body.position).toBe(hook.position);
    expect((await api.get('/silo/v1/events')).body.list).toEqual([]);
  });

  test('a test attempt can be resent: the same webhook-id, a new attempt listed', async () => {
    const rx = await receivers.start();
    rx.answer = (_hook, index) => (index === 0 ? 503 : 200);
    const hook = await register(rx.url);
    const sent = await api.post(`/silo/v1/webhooks/${hook.id}/test`);
    await waitFor(async () => (await deliveriesOf(hook.id))[0]?.status === 'failed', 10_000, 'the failed test');
    const resent = await api.post(`/silo/v1/webhooks/${hook.id}/deliveries/${sent.body.id}/retry`);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ status: 'scheduled', event_type: 'webhook.test', event_id: sent.body.event_id });
    await waitFor(() => rx.accepted.length === 1, 10_000, 'the resent test');
    expect(rx.hooks.map((h) => h.headers['webhook-id'])).toEqual([sent.body.event_id, sent.body.event_id]);
    expect(rx.hooks.every((h) => verifies(h, hook.secret))).toBe(true);
  });

  test("test events obey the workspace's share of delivery places: sent one at a time, never two at once", async () => {
    const rx = await receivers.start(150);
    const hook = await register(rx.url);
    const asked = await Promise.all([1, 2, 3, 4].map(() => api.post(`/silo/v1/webhooks/${hook.id}/test`)));
    expect(asked.map((reply) => reply.status)).toEqual([202, 202, 202, 202]);
    await waitFor(() => rx.hooks.length === 4, 15_000, 'four test events');
    expect(rx.overlaps).toBe(0);
    expect(rx.hooks.every((h) => verifies(h, hook.secret))).toBe(true);
  });

  test("an unknown endpoint, or another workspace's, is 404 and schedules nothing", async () => {
    const rx = await receivers.start();
    const hook = await register(rx.url);
    expect((await api.post(`/silo/v1/webhooks/${UNKNOWN_ID}/test`)).status).toBe(404);
    expect((await api.post('/silo/v1/webhooks/not-an-id/test')).status).toBe(404);
    const other = client(t.url, await tokenFor(newWorkspace()));
    const foreign = await other.post(`/silo/v1/webhooks/${hook.id}/test`);
    expect([foreign.status, foreign.body.key]).toEqual([404, 'not-found']);
    await new Promise((resolve) => setTimeout(resolve, 400)); // a poll or more
    expect(rx.hooks).toEqual([]);
    expect(await deliveriesOf(hook.id)).toEqual([]);
  });

  test('GraphQL: sendTestWebhookEvent schedules the same delivery, listed as WEBHOOK_TEST', async () => {
    const apis = await apisFor(t.url);
    const rx = await receivers.start();
    const hook = (await apis.rest.post('/silo/v1/webhooks', { url: rx.url })).body as { id: string; secret: string };
    const reply = await apis.gql.run(SendTestWebhookEventDocument, { input: { webhookId: hook.id, clientMutationId: 'm1' } });
    expect(reply.body.errors).toBeUndefined();
    const payload = reply.body.data!.sendTestWebhookEvent;
    expect(payload.clientMutationId).toBe('m1');
    expect(payload.delivery).toMatchObject({ status: 'SCHEDULED', eventType: 'WEBHOOK_TEST', position: 0 });
    await waitFor(() => rx.hooks.length === 1, 10_000, 'the test event');
    expect(verifies(rx.hooks[0], hook.secret)).toBe(true);
    expect(rx.hooks[0].payload.type).toBe('webhook.test');
    await waitFor(
      async () => {
        const listed = await apis.gql.run(WebhookDeliveriesDocument, { webhookId: hook.id });
        return listed.body.data?.webhookDeliveries.edges[0]?.node.status === 'DELIVERED';
      },
      5_000,
      'the attempt listed',
    );

    const unknown = await apis.gql.run(SendTestWebhookEventDocument, { input: { webhookId: UNKNOWN_ID } });
    expect(unknown.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
