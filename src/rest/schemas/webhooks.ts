import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../domain/entries/model/entry-event';
import { TEST_EVENT_TYPE } from '../../domain/webhooks/webhook-test-event';
import { DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT } from '../../domain/webhooks/webhooks.service';
import { EventTypeSchema } from './events';

export { CreateWebhookBody, UpdateWebhookBody } from '../../domain/webhooks/webhook-input';

/** Webhook endpoints and their delivery attempts; their bodies are the domain's (src/domain/webhook-input.ts). */

const DATE_TIME = { format: 'date-time' } as const;

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    description: Type.Optional(Type.String()),
    events: Type.Optional(Type.Array(EventTypeSchema, { description: 'The event types it gets; absent: every type.' })),
    enabled: Type.Boolean(),
    disabled_reason: Type.Optional(
      Type.String({ description: 'Why delivery disabled it (every attempt failed for five days); gone once it is enabled again.' }),
    ),
    secret: Type.Optional(
      Type.String({
        description: 'The signing secret (`whsec_` and base64): shown only when the endpoint is created and when its secret is rotated.',
      }),
    ),
    previous_secret_until: Type.Optional(
      Type.String({ ...DATE_TIME, description: 'After a rotation, until when the previous secret still signs beside the new one.' }),
    ),
    position: Type.Integer({ description: "The place in the workspace's feed (an event's `position`) delivered up to." }),
    next_attempt_at: Type.Optional(Type.String({ ...DATE_TIME, description: 'When the event being retried is sent again.' })),
    failing_since: Type.Optional(Type.String({ ...DATE_TIME, description: 'Since when every attempt has failed.' })),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Webhook', additionalProperties: false },
);

export const WebhookListSchema = Type.Object(
  { list: Type.Array(WebhookSchema, { description: 'Oldest first.' }) },
  { $id: 'WebhookList', additionalProperties: false },
);

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event_id: Type.String({ format: 'uuid', description: "The event's id: the `webhook-id` header." }),
    event_type: Type.Union([...EVENT_TYPES.map((type) => Type.Literal(type)), Type.Literal(TEST_EVENT_TYPE)], {
      description: "The event's type; `webhook.test` for a test event (POST /silo/v1/webhooks/{id}/test).",
    }),
    position: Type.Integer({ description: "The event's place in the feed; 0 for a test event, which has none." }),
    status: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('retrying'), Type.Literal('scheduled')], {
      description:
        '`delivered` (a 2xx answer), `retrying` (it is sent again at `next_attempt_at`), `failed` (an answer that ends it, or three days of retries) or `scheduled` (asked for again by a retry, not sent yet).',
    }),
    response_code: Type.Optional(Type.Integer({ description: "The answer's status; absent when none came." })),
    duration_ms: Type.Integer(),
    response_excerpt: Type.Optional(Type.String({ description: "The first KiB of the answer's body." })),
    error: Type.Optional(
      Type.String({
        description:
          'Why no answer came, as a short class: `timeout`, `connection refused`, `connection reset`, `tls`, `dns`, `unreachable`, `refused address`, `refused url`, `bad answer` or `network error`.',
      }),
    ),
    attempt: Type.Integer({ description: 'Which attempt at the event this was (a manual retry is 1).' }),
    next_attempt_at: Type.Optional(Type.String(DATE_TIME)),
    created_at: Type.String(DATE_TIME),
  },
  { $id: 'WebhookDelivery', additionalProperties: false },
);

export const WebhookDeliveryPageSchema = Type.Object(
  {
    list: Type.Array(WebhookDeliverySchema, { description: 'Newest first; the newest 1000 attempts of an endpoint are kept.' }),
    limit: Type.Integer(),
    next_before: Type.Optional(Type.String({ description: 'The `before` of the next page; absent on the last.' })),
  },
  { $id: 'WebhookDeliveryPage', additionalProperties: false },
);

export const WebhookParams = Type.Object({ id: Type.String({ description: "The webhook endpoint's UUID." }) });
export const WebhookDeliveryParams = Type.Object({
  id: Type.String({ description: "The webhook endpoint's UUID." }),
  delivery_id: Type.String({ description: "The delivery's UUID." }),
});
export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(
    Type.String({
      pattern: '^-?[0-9]+$',
      description: `Page size, 1 to ${MAX_DELIVERIES_LIMIT} (default ${DEFAULT_DELIVERIES_LIMIT}).`,
      expected: 'a whole number',
    }),
  ),
  before: Type.Optional(Type.String({ description: 'The `next_before` of the previous page.' })),
});
