import type { Static } from '@sinclair/typebox';
import type { WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhook';
import type { WebhooksService } from '../domain/webhooks/webhooks.service';
import { jsonBody } from '../http/json-body';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliveriesQuery,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParams,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookParams,
  WebhookSchema,
} from './api-schemas';
import { type Answer, type ApiRoute } from './route-table';

/**
 * Why a webhook's body is not checked by the mount: WebhooksService checks it, once, against this same declaration
 * (webhook-input.ts) for REST and GraphQL alike, then the rules no schema says (event types, the URL's address policy).
 */
const WEBHOOK_BODY_IN_DOMAIN =
  'checked once by WebhooksService against this same schema (webhook-input.ts), for GraphQL too, then its event types and the address policy of its URL';

/** A webhook's settings are small. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

/** An endpoint as the API shows it; its secret only when `withSecret` (on creation and rotation). */
export const webhookJson = (endpoint: WebhookEndpoint, withSecret = false): Static<typeof WebhookSchema> => ({
  id: endpoint.id,
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.eventTypes,
  enabled: endpoint.enabled,
  disabled_reason: endpoint.disabledReason,
  secret: withSecret ? endpoint.secret : undefined,
  previous_secret_until:
    endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date()
      ? endpoint.previousSecretUntil.toISOString()
      : undefined,
  position: endpoint.deliveredSeq,
  next_attempt_at: endpoint.nextAttemptAt?.toISOString(),
  failing_since: endpoint.failingSince?.toISOString(),
  created_at: endpoint.createdAt.toISOString(),
  updated_at: endpoint.updatedAt.toISOString(),
});

const deliveryJson = (delivery: WebhookDelivery): Static<typeof WebhookDeliverySchema> => ({
  id: delivery.id,
  event_id: delivery.eventId,
  // Stored as text; only the feed's own event types are ever delivered.
  event_type: delivery.eventType as Static<typeof WebhookDeliverySchema>['event_type'],
  position: delivery.eventSeq,
  status: delivery.status,
  response_code: delivery.responseCode,
  duration_ms: delivery.durationMs,
  response_excerpt: delivery.responseExcerpt,
  error: delivery.error,
  attempt: delivery.attempt,
  next_attempt_at: delivery.nextAttemptAt?.toISOString(),
  created_at: delivery.createdAt.toISOString(),
});

const webhookAnswer: Answer = { description: 'The webhook endpoint.', schema: WebhookSchema };
const withSecretAnswer: Answer = { description: 'The webhook endpoint, with its `secret` (shown only now).', schema: WebhookSchema };

/**
 * `/silo/v1/webhooks`: a workspace's webhook endpoints. Each gets the workspace's events from its creation on, in
 * feed order, as signed POSTs (Standard Webhooks); its attempts are listed, and one can be sent again.
 */
export const webhooksRoutes: ApiRoute<{ webhooks: WebhooksService }>[] = [
  {
    method: 'post',
    path: '/silo/v1/webhooks',
    auth: 'token',
    operationId: 'createWebhook',
    tag: 'webhooks',
    summary:
      "Register an endpoint: it gets the workspace's events from now on, each a POST of `{id, type, created_at, entry_id, position, data}` signed as Standard Webhooks say (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answers its `secret`, shown only here. At most 50 per workspace (409).",
    body: { schema: CreateWebhookBody },
    answers: { 200: withSecretAnswer },
    unchecked: { body: WEBHOOK_BODY_IN_DOMAIN },
    refusals: [400, 401, 409, 413, 415, 503],
    use: () => [jsonBody(WEBHOOK_BODY_LIMIT)],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.json(webhookJson(await webhooks.create(req.workspaceId, req.body), true));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/webhooks',
    auth: 'token',
    operationId: 'listWebhooks',
    tag: 'webhooks',
    summary: "The workspace's webhook endpoints, oldest first (without their secrets).",
    answers: { 200: { description: 'The endpoints.', schema: WebhookListSchema } },
    refusals: [401, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.json({ list: (await webhooks.list(req.workspaceId)).map((endpoint) => webhookJson(endpoint)) });
      },
  },
  {
    method: 'get',
    path: '/silo/v1/webhooks/{id}',
    auth: 'token',
    operationId: 'getWebhook',
    tag: 'webhooks',
    summary: 'One webhook endpoint (without its secret).',
    params: WebhookParams,
    answers: { 200: webhookAnswer },
    refusals: [401, 404, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.json(webhookJson(await webhooks.find(req.workspaceId, req.params.id)));
      },
  },
  {
    method: 'patch',
    path: '/silo/v1/webhooks/{id}',
    auth: 'token',
    operationId: 'updateWebhook',
    tag: 'webhooks',
    summary: "Change an endpoint's url, event types, description, or whether it is enabled.",
    params: WebhookParams,
    body: { schema: UpdateWebhookBody },
    answers: { 200: webhookAnswer },
    unchecked: { body: WEBHOOK_BODY_IN_DOMAIN },
    refusals: [400, 401, 404, 413, 415, 503],
    use: () => [jsonBody(WEBHOOK_BODY_LIMIT)],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.json(webhookJson(await webhooks.update(req.workspaceId, req.params.id, req.body)));
      },
  },
  {
    method: 'delete',
    path: '/silo/v1/webhooks/{id}',
    auth: 'token',
    operationId: 'deleteWebhook',
    tag: 'webhooks',
    summary: 'Delete an endpoint and its attempts.',
    params: WebhookParams,
    answers: { 204: { description: 'Deleted.' } },
    refusals: [401, 404, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        await webhooks.delete(req.workspaceId, req.params.id);
        res.status(204).end();
      },
  },
  {
    method: 'post',
    path: '/silo/v1/webhooks/{id}/rotate-secret',
    auth: 'token',
    operationId: 'rotateWebhookSecret',
    tag: 'webhooks',
    summary:
      'A new signing secret, shown only here. For 24 hours the previous one signs beside it (two `v1,` signatures), so receivers can switch without missing a delivery.',
    params: WebhookParams,
    answers: { 200: withSecretAnswer },
    refusals: [401, 404, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.json(webhookJson(await webhooks.rotateSecret(req.workspaceId, req.params.id), true));
      },
  },
  {
    method: 'get',
    path: '/silo/v1/webhooks/{id}/deliveries',
    auth: 'token',
    operationId: 'listWebhookDeliveries',
    tag: 'webhooks',
    summary: "An endpoint's delivery attempts, newest first, a page at a time.",
    params: WebhookParams,
    query: WebhookDeliveriesQuery,
    answers: { 200: { description: 'A page of attempts.', schema: WebhookDeliveryPageSchema } },
    refusals: [400, 401, 404, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        const q = req.query as Record<string, string | undefined>;
        const page = await webhooks.deliveries(req.workspaceId, req.params.id, {
          limit: q.limit === undefined ? undefined : Number(q.limit),
          before: q.before,
        });
        res.json({ list: page.list.map(deliveryJson), limit: page.limit, next_before: page.next });
      },
  },
  {
    method: 'post',
    path: '/silo/v1/webhooks/{id}/test',
    auth: 'token',
    operationId: 'sendTestWebhookEvent',
    tag: 'webhooks',
    summary:
      'Send the endpoint a test event, `{id, type: "webhook.test", created_at, entry_id: null, position: 0, data: {webhook_id}}`, signed as every delivery is: 202 at once with the attempt, `scheduled`, sent as soon as a place is free within the delivery limits; its outcome is then listed under deliveries (and it can be retried). The endpoint\'s place in the feed stays.',
    params: WebhookParams,
    answers: { 202: { description: 'The attempt, `scheduled`.', schema: WebhookDeliverySchema } },
    refusals: [401, 404, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.status(202).json(deliveryJson(await webhooks.sendTest(req.workspaceId, req.params.id)));
      },
  },
  {
    method: 'post',
    path: '/silo/v1/webhooks/{id}/deliveries/{delivery_id}/retry',
    auth: 'token',
    operationId: 'retryWebhookDelivery',
    tag: 'webhooks',
    summary:
      "Send the event of an attempt again, once (whatever became of it): 202 at once with the new attempt, `scheduled`, sent as soon as a place is free within the delivery limits (`WEBHOOK_CONCURRENCY`, `WEBHOOK_WORKSPACE_CONCURRENCY`); its outcome is then listed under deliveries. The endpoint's place in the feed stays where it is. An event no longer kept is 410.",
    params: WebhookDeliveryParams,
    answers: { 202: { description: 'The new attempt, `scheduled`.', schema: WebhookDeliverySchema } },
    refusals: [401, 404, 410, 503],
    handler:
      ({ webhooks }) =>
      async (req, res) => {
        res.status(202).json(deliveryJson(await webhooks.retry(req.workspaceId, req.params.id, req.params.delivery_id)));
      },
  },
];
