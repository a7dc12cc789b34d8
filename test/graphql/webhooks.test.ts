import { party, startServer, type TestServer } from '../helpers/server';
import { ReceiverPool, verifies, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  GetWebhookDocument,
  ListWebhooksDocument,
  RetryWebhookDeliveryDocument,
  RotateWebhookSecretDocument,
  UpdateWebhookDocument,
  WebhookDeliveriesDocument,
  type EventType,
} from './generated/graphql';
import { apisFor } from './graphql-client';

/**
 * Webhooks through GraphQL: the same endpoints as REST's /silo/v1/webhooks, over the same service. The secret is
 * shown only by createWebhook and rotateWebhookSecret; a real receiver on 127.0.0.1 gets the deliveries (verified
 * with the standardwebhooks package); attempts are listed and one sent again through GraphQL; errors carry
 * REST's details.
 */
let t: TestServer;
let apis: Awaited<ReturnType<typeof apisFor>>;
const receivers = new ReceiverPool();
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

beforeAll(async () => {
  t = await startServer(WEBHOOK_TEST_ENV);
});
beforeEach(async () => {
  apis = await apisFor(t.url);
});
afterEach(() => receivers.stopAll());
afterAll(() => t.close());

const receiver = () => receivers.start();

async function createWebhook(url: string, extra: { events?: EventType[]; description?: string } = {}) {
  const reply = await apis.gql.run(CreateWebhookDocument, { input: { url, ...extra } });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.createWebhook;
}

const createEntry = async (name: string) => (await apis.rest.post('/silo/v1/entries', { data: party(name) })).body as { id: string };

const deliveriesOf = async (webhookId: string, first?: number, after?: string) => {
  const reply = await apis.gql.run(WebhookDeliveriesDocument, { webhookId, first, after });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.webhookDeliveries;
};

describe('webhook endpoints through GraphQL', () => {
  test('created with a secret shown only then; read, listed, changed and deleted without it', async () => {
    const created = await apis.gql.run(CreateWebhookDocument, {
      input: { url: 'http://127.0.0.1:9/hook', events: ['ENTRY_CREATED', 'ENTRY_SIGNED'], description: 'ERP', clientMutationId: 'c1' },
    });
    expect(created.body.errors).toBeUndefined();
    const { webhook, secret, clientMutationId } = created.body.data!.createWebhook;
    expect(clientMutationId).toBe('c1');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(webhook).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      description: 'ERP',
      events: ['ENTRY_CREATED', 'ENTRY_SIGNED'],
      enabled: true,
      position: 0,
      disabledReason: null,
      previousSecretUntil: null,
    });

    const read = await apis.gql.run(GetWebhookDocument, { id: webhook.id });
    expect(read.body.data!.webhook).toEqual(webhook);
    const listed = await apis.gql.run(ListWebhooksDocument);
    expect(listed.body.data!.webhooks).toEqual([webhook]);
    // No field but the two payloads' `secret` holds it.
    expect(JSON.stringify([read.body, listed.body])).not.toContain(secret.slice(6));
    const asked = await apis.gql.query(`{ webhook(id: "${webhook.id}") { secret } }`);
    expect(asked.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const updated = await apis.gql.run(UpdateWebhookDocument, {
      input: { id: webhook.id, url: 'http://127.0.0.1:10/other', events: [], description: '', enabled: false, clientMutationId: 'u1' },
    });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data!.updateWebhook).toMatchObject({
      clientMutationId: 'u1',
      webhook: { url: 'http://127.0.0.1:10/other', events: null, description: null, enabled: false },
    });
    // What a change leaves out (or sends as null) stays as it is.
    const renamed = await apis.gql.run(UpdateWebhookDocument, { input: { id: webhook.id, description: 'Books', url: null } });
    expect(renamed.body.data!.updateWebhook.webhook).toMatchObject({
      url: 'http://127.0.0.1:10/other',
      description: 'Books',
      enabled: false,
    });

    const rotated = await apis.gql.run(RotateWebhookSecretDocument, { input: { id: webhook.id } });
    expect(rotated.body.errors).toBeUndefined();
    const newSecret = rotated.body.data!.rotateWebhookSecret.secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    const until = Date.parse(rotated.body.data!.rotateWebhookSecret.webhook.previousSecretUntil!);
    expect(Math.abs(until - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    expect(JSON.stringify((await apis.gql.run(GetWebhookDocument, { id: webhook.id })).body)).not.toContain(newSecret.slice(6));

    // Another workspace sees none of it.
    const other = await apisFor(t.url);
    const foreign = await other.gql.run(GetWebhookDocument, { id: webhook.id });
    expect(foreign.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect((await other.gql.run(ListWebhooksDocument)).body.data!.webhooks).toEqual([]);

    const deleted = await apis.gql.run(DeleteWebhookDocument, { input: { id: webhook.id, clientMutationId: 'd1' } });
    expect(deleted.body.data!.deleteWebhook).toEqual({ deletedId: webhook.id, clientMutationId: 'd1' });
    const gone = await apis.gql.run(GetWebhookDocument, { id: webhook.id });
    expect(gone.body.data!.webhook).toBeNull();
    expect(gone.body.errors![0]).toMatchObject({ path: ['webhook'], extensions: { code: 'NOT_FOUND', key: 'not-found' } });
    const again = await apis.gql.run(DeleteWebhookDocument, { input: { id: webhook.id } });
    expect(again.body.errors![0].extensions.code).toBe('NOT_FOUND');
  });

  test('one endpoint seen alike through REST and GraphQL', async () => {
    const viaRest = (
      await apis.rest.post('/silo/v1/webhooks', { url: 'http://127.0.0.1:9/rest', events: ['entry.state_added'], description: 'From REST' })
    ).body;
    const viaGraphql = await createWebhook('http://127.0.0.1:9/graphql', { events: ['ENTRY_MOVED'] });

    const listed = (await apis.gql.run(ListWebhooksDocument)).body.data!.webhooks;
    expect(listed.map((hook) => hook.id)).toEqual([viaRest.id, viaGraphql.webhook.id]);
    expect(listed[0]).toEqual({
      id: viaRest.id,
      url: viaRest.url,
      description: 'From REST',
      events: ['ENTRY_STATE_ADDED'],
      enabled: true,
      disabledReason: null,
      previousSecretUntil: null,
      position: viaRest.position,
      nextAttemptAt: null,
      failingSince: null,
      createdAt: viaRest.created_at,
      updatedAt: viaRest.updated_at,
    });
    const restView = (await apis.rest.get(`/silo/v1/webhooks/${viaGraphql.webhook.id}`)).body;
    expect(restView).toMatchObject({
      url: 'http://127.0.0.1:9/graphql',
      events: ['entry.moved'],
      created_at: viaGraphql.webhook.createdAt,
      position: viaGraphql.webhook.position,
    });
    expect(restView.secret).toBeUndefined();

    // A change through one API is seen through the other.
    await apis.rest.send('PATCH', `/silo/v1/webhooks/${viaGraphql.webhook.id}`, { enabled: false });
    expect((await apis.gql.run(GetWebhookDocument, { id: viaGraphql.webhook.id })).body.data!.webhook!.enabled).toBe(false);
    await apis.gql.run(UpdateWebhookDocument, { input: { id: viaRest.id, events: ['ENTRY_CREATED', 'ENTRY_STATE_ADDED'] } });
    expect((await apis.rest.get(`/silo/v1/webhooks/${viaRest.id}`)).body.events).toEqual(['entry.created', 'entry.state_added']);
  });

  test('bad settings are BAD_USER_INPUT with the fields; unknown ids NOT_FOUND', async () => {
    for (const url of ['ftp://example.com/', 'not a url', `http://127.0.0.1/${'x'.repeat(2100)}`]) {
      const reply = await apis.gql.run(CreateWebhookDocument, { input: { url } });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toBeNull();
      expect(reply.body.errors![0]).toMatchObject({
        path: ['createWebhook'],
        extensions: { code: 'BAD_USER_INPUT', key: 'input', fields: { url: expect.any(String) } },
      });
    }
    const long = await apis.gql.run(CreateWebhookDocument, { input: { url: 'http://127.0.0.1:9/hook', description: 'x'.repeat(513) } });
    expect(long.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { description: expect.any(String) } });
    // An event type the enum does not have is refused by GraphQL itself, before the service.
    const unknownType = await apis.gql.query(
      'mutation { createWebhook(input: { url: "http://127.0.0.1:9/hook", events: [ENTRY_EATEN] }) { secret } }',
    );
    expect(unknownType.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await apis.gql.run(ListWebhooksDocument)).body.data!.webhooks).toEqual([]);

    const hook = await createWebhook('http://127.0.0.1:9/hook');
    const badChange = await apis.gql.run(UpdateWebhookDocument, { input: { id: hook.webhook.id, url: 'ftp://example.com/' } });
    expect(badChange.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { url: expect.any(String) } });

    for (const id of [UNKNOWN_ID, 'nope']) {
      expect((await apis.gql.run(GetWebhookDocument, { id })).body.errors![0].extensions.code).toBe('NOT_FOUND');
      expect((await apis.gql.run(UpdateWebhookDocument, { input: { id, enabled: true } })).body.errors![0].extensions.code).toBe(
        'NOT_FOUND',
      );
      expect((await apis.gql.run(RotateWebhookSecretDocument, { input: { id } })).body.errors![0].extensions.code).toBe('NOT_FOUND');
      expect((await apis.gql.run(WebhookDeliveriesDocument, { webhookId: id })).body.errors![0].extensions.code).toBe('NOT_FOUND');
    }
    const retryUnknown = await apis.gql.run(RetryWebhookDeliveryDocument, {
      input: { webhookId: hook.webhook.id, deliveryId: UNKNOWN_ID },
    });
    expect(retryUnknown.body.errors![0].extensions).toMatchObject({ code: 'NOT_FOUND', key: 'not-found' });
    const badPage = await apis.gql.run(WebhookDeliveriesDocument, { webhookId: hook.webhook.id, first: 0 });
    expect(badPage.body.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { limit: expect.any(String) } });
  });
});

describe('deliveries through GraphQL', () => {
  test('a delivery is received, signed with the secret createWebhook showed; attempts page newest first; a retry sends the event again', async () => {
    const rx = await receiver();
    rx.answer = (_hook, index) => (index === 0 ? 400 : 200);
    const { webhook, secret } = await createWebhook(rx.url);
    const entries: string[] = [];
    for (let i = 0; i < 3; i++) entries.push((await createEntry(`GraphQL ${i}`)).id);
    await waitFor(() => rx.hooks.length === 3, 15_000, 'three deliveries');
    expect(rx.hooks.map((hook) => [hook.payload.entry_id, hook.payload.position])).toEqual(entries.map((id, i) => [id, i + 1]));
    for (const delivered of rx.hooks) expect(verifies(delivered, secret)).toBe(true);
    await waitFor(async () => (await deliveriesOf(webhook.id)).edges.length === 3, 5_000, 'three attempts listed');

    const first = await deliveriesOf(webhook.id, 2);
    expect(first.edges.map((edge) => [edge.node.position, edge.node.status, edge.node.eventType])).toEqual([
      [3, 'DELIVERED', 'ENTRY_CREATED'],
      [2, 'DELIVERED', 'ENTRY_CREATED'],
    ]);
    expect(first.edges.map((edge) => edge.cursor)).toEqual(first.edges.map((edge) => edge.node.id));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await deliveriesOf(webhook.id, 2, first.pageInfo.endCursor!);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const [refused] = second.edges.map((edge) => edge.node);
    expect(second.edges).toHaveLength(1);
    expect(refused).toMatchObject({
      position: 1,
      status: 'FAILED',
      responseCode: 400,
      responseExcerpt: 'answered 400',
      attempt: 1,
      eventId: rx.hooks[0].headers['webhook-id'],
    });

    // The same attempts as REST lists them.
    const rest = (await apis.rest.get(`/silo/v1/webhooks/${webhook.id}/deliveries`)).body.list;
    expect(rest.map((d: any) => [d.id, d.event_id, d.position, d.status.toUpperCase(), d.response_code, d.attempt, d.created_at])).toEqual(
      [...first.edges, ...second.edges].map(({ node }) => [
        node.id,
        node.eventId,
        node.position,
        node.status,
        node.responseCode,
        node.attempt,
        node.createdAt,
      ]),
    );

    const retried = await apis.gql.run(RetryWebhookDeliveryDocument, {
      input: { webhookId: webhook.id, deliveryId: refused.id, clientMutationId: 'r1' },
    });
    expect(retried.body.errors).toBeUndefined();
    const attempt = retried.body.data!.retryWebhookDelivery;
    // Scheduled at once, then sent by the dispatcher, within its limits.
    expect(attempt).toMatchObject({
      clientMutationId: 'r1',
      delivery: { position: 1, status: 'SCHEDULED', responseCode: null, attempt: 1, eventId: refused.eventId, eventType: 'ENTRY_CREATED' },
    });
    await waitFor(() => rx.hooks.length === 4, 10_000, 'the retried event');
    await waitFor(async () => (await deliveriesOf(webhook.id, 1)).edges[0].node.status === 'DELIVERED', 5_000, 'the retry recorded');
    expect((await deliveriesOf(webhook.id, 1)).edges[0].node).toMatchObject({ id: attempt.delivery.id, responseCode: 200 });
    expect(rx.hooks.map((hook) => hook.payload.position)).toEqual([1, 2, 3, 1]);
    expect(rx.hooks[3].headers['webhook-id']).toBe(rx.hooks[0].headers['webhook-id']);
    expect(verifies(rx.hooks[3], secret)).toBe(true);
    expect((await deliveriesOf(webhook.id, 1)).edges[0].node.id).toBe(attempt.delivery.id);
    expect((await apis.gql.run(GetWebhookDocument, { id: webhook.id })).body.data!.webhook!.position).toBe(3);
  });

  test('after rotateWebhookSecret a delivery verifies with the new secret and the old one', async () => {
    const rx = await receiver();
    const { webhook, secret } = await createWebhook(rx.url, { events: ['ENTRY_CREATED'] });
    const rotated = (await apis.gql.run(RotateWebhookSecretDocument, { input: { id: webhook.id } })).body.data!.rotateWebhookSecret;
    await createEntry('Rotated');
    await waitFor(() => rx.hooks.length === 1, 15_000, 'a delivery');
    expect(verifies(rx.hooks[0], rotated.secret)).toBe(true);
    expect(verifies(rx.hooks[0], secret)).toBe(true);
  });
});
