import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../entries/model/entry-event';
import { compileShape, flagSchema, readShaped } from '../shared/shape-check';

/**
 * The bodies of a webhook registration (POST /silo/v1/webhooks) and of its change (PATCH /silo/v1/webhooks/{id}):
 * the one declaration of those commands' input, and its one check. WebhooksService checks every body against them
 * (readNewWebhook, readWebhookPatch), for REST and GraphQL alike, then applies what a schema cannot say (event types
 * the feed has, the URL's address policy); the OpenAPI description shows them, and REST leaves the body to the
 * service. GraphQL's CreateWebhookInput and UpdateWebhookInput name the same members (test/graphql/input-declarations.test.ts).
 */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 512;
/** Event types one endpoint may name. */
export const MAX_WEBHOOK_EVENTS = 32;

const webhookUrl = Type.String({
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  description:
    'Where events are POSTed: https (http only with WEBHOOK_ALLOW_HTTP), never a private, loopback or link-local address (unless WEBHOOK_ALLOW_PRIVATE).',
  expected: `a URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
});
const webhookDescription = Type.String({
  maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH,
  expected: `a string of at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`,
});

export const CreateWebhookBody = Type.Object(
  {
    url: webhookUrl,
    events: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: MAX_WEBHOOK_EVENTS,
        description: `Event types to deliver (${EVENT_TYPES.join(', ')}); absent or empty: every type.`,
        expected: 'a list of event types',
      }),
    ),
    description: Type.Optional(webhookDescription),
  },
  { $id: 'CreateWebhookBody', additionalProperties: false },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(webhookUrl),
    events: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: MAX_WEBHOOK_EVENTS,
        description: 'Event types to deliver; empty: every type.',
        expected: 'a list of event types',
      }),
    ),
    description: Type.Optional({ ...webhookDescription, description: 'Empty removes it.' }),
    enabled: Type.Optional(flagSchema('False stops delivery; true starts it again where it stood, its failures forgotten.')),
  },
  { $id: 'UpdateWebhookBody', additionalProperties: false },
);

/** A registration as the service takes it, once checked against CreateWebhookBody. */
export type NewWebhook = Static<typeof CreateWebhookBody>;
/** A change of an endpoint, once checked against UpdateWebhookBody: empty `events` is every type, an empty `description` none. */
export type WebhookPatch = Static<typeof UpdateWebhookBody>;

const NEW_WEBHOOK = compileShape(CreateWebhookBody);
const WEBHOOK_PATCH = compileShape(UpdateWebhookBody);

/** A registration's body checked against CreateWebhookBody (400 `input` when it does not fit). */
export const readNewWebhook = (body: unknown): NewWebhook => readShaped<NewWebhook>(NEW_WEBHOOK, body);
/** A change's body checked against UpdateWebhookBody (400 `input` when it does not fit). */
export const readWebhookPatch = (body: unknown): WebhookPatch => readShaped<WebhookPatch>(WEBHOOK_PATCH, body);
