import { Type, type TSchema } from '@sinclair/typebox';
import { CreateEntryBody } from '../domain/entries/model/create-entry.input';
import { UpdateEntryBody } from '../domain/entries/model/update-entry.input';
import { STATE_KEYS } from '../domain/entries/model/entry-state';
import { BuildBody, CorrectBody, SignBody } from '../domain/documents/gobl-tools';
import { anyObjectSchema, flagSchema, uuidSchema } from '../domain/shared/shape-check';

export { BuildBody, CorrectBody, CreateEntryBody, SignBody, UpdateEntryBody };
import { ERROR_KEYS } from '../domain/shared/errors';
import { EVENT_TYPES } from '../domain/entries/model/entry-event';
import { TEST_EVENT_TYPE } from '../domain/webhooks/webhook-test-event';
import { DEFAULT_EVENTS_LIMIT, MAX_EVENTS_LIMIT, MAX_WAIT_SECONDS } from '../domain/events/events.service';
import { DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT } from '../domain/webhooks/webhooks.service';
import { UUID_VERSIONS } from '../domain/entries/model/uuid-request';

/**
 * The JSON Schemas of the REST API's requests and answers, as TypeBox types: the OpenAPI description is
 * made from them (src/rest/openapi.ts), and the requests are checked with them: parameters, queries and
 * file bodies by src/rest/request-check.ts, create and GOBL bodies in the engine's threads by the domain
 * that defines their schemas (src/domain/create-entry.input.ts, src/domain/gobl-tools.ts).
 * A schema with an `$id` is a named component of the description.
 */

const DATE_TIME = { format: 'date-time' } as const;
const uuid = uuidSchema;
const anyObject = (description: string) => anyObjectSchema(description);

export const ErrorFieldsSchema = Type.Record(Type.String(), Type.Unknown(), {
  $id: 'ErrorFields',
  description: 'Messages nested as the request\'s properties: each leaf names what is wrong with the property at its path.',
});

export const FaultSchema = Type.Object(
  {
    provider: Type.String({ description: 'Who found the fault: `gobl` for the document engine.' }),
    code: Type.String({ description: 'The rule that failed.' }),
    message: Type.String(),
    paths: Type.Array(Type.String(), { description: 'JSON paths of the values at fault.' }),
  },
  { $id: 'Fault', additionalProperties: false },
);

export const ErrorSchema = Type.Object(
  {
    key: Type.Union(ERROR_KEYS.map((key) => Type.Literal(key)), { description: 'What kind of refusal: it fixes the status.' }),
    code: Type.Union(ERROR_KEYS.map((key) => Type.Literal(key)), { description: 'The same as `key`, for the hosted API\'s clients, which read `code`.' }),
    message: Type.String(),
    fields: Type.Optional(ErrorFieldsSchema),
    faults: Type.Optional(Type.Array(FaultSchema)),
  },
  { $id: 'Error', additionalProperties: false, description: 'Every refusal: 4xx with the key of the contract, 503 `unavailable` (with Retry-After) when the database cannot serve, or 500 `internal`.' },
);

export const DigestSchema = Type.Object({ alg: Type.String({ examples: ['sha256'] }), val: Type.String() }, { $id: 'Digest', additionalProperties: false });

export const EntrySignatureSchema = Type.Object(
  {
    verified: Type.Boolean({ description: 'True when every signature verified with a key the service knows.' }),
    sigs: Type.Array(
      Type.Object(
        {
          kid: Type.Optional(Type.String({ description: 'The key the signature names.' })),
          by: Type.Union([Type.Literal('workspace'), Type.Literal('service'), Type.Literal('trusted'), Type.Literal('unknown')], {
            description: '`workspace`: the service key, for this workspace; `service`: the service key, for another workspace; `trusted`: a key of SIGNING_TRUSTED_KEYS; `unknown`: a key the service does not know.',
          }),
          verified: Type.Boolean(),
          problem: Type.Optional(Type.String({ description: 'Why the signature could not be verified.' })),
        },
        { additionalProperties: false },
      ),
      { description: 'One check per signature of the envelope, in the order of its `sigs`.' },
    ),
  },
  { $id: 'EntrySignature', additionalProperties: false, description: 'What was verified of a signed envelope\'s signatures when it was stored.' },
);

export const AttachmentSchema = Type.Object(
  {
    id: Type.String(),
    entry_id: Type.String(),
    name: Type.String(),
    desc: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
    category: Type.Optional(Type.String()),
    mime: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    hash: Type.String({ description: 'SHA-256 of the contents, hexadecimal.' }),
    stored: Type.Boolean(),
    embeddable: Type.Optional(Type.Boolean()),
    private: Type.Optional(Type.Boolean()),
    url: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    created_at: Type.String(DATE_TIME),
  },
  { $id: 'Attachment', additionalProperties: false, description: 'A file of the entry, as listed in its `attachments`.' },
);

export const FileVersionSchema = Type.Object(
  { id: Type.String({ description: 'Download it in place of the file\'s id.' }), created_at: Type.String(DATE_TIME), hash: Type.String(), size: Type.Integer({ minimum: 0 }) },
  { $id: 'SiloFileVersion', additionalProperties: false, description: 'An earlier content of a file.' },
);

export const FileSchema = Type.Composite(
  [AttachmentSchema, Type.Object({ previous: Type.Array(FileVersionSchema, { description: 'Earlier contents, newest first.' }) })],
  { $id: 'SiloFile', additionalProperties: false, description: 'A file of an entry.' },
);

const fileFields = {
  name: Type.Optional(Type.String({ maxLength: 255, description: 'Required in the JSON form; a multipart upload defaults to the part\'s file name.' })),
  desc: Type.Optional(Type.String({ maxLength: 4096 })),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  category: Type.Optional(Type.String({ description: 'format, request, response, agreement, verification or attachment.' })),
  mime: Type.Optional(Type.String({ description: 'Media type; by default the part\'s, or application/octet-stream.' })),
  embeddable: Type.Optional(Type.Boolean()),
  private: Type.Optional(Type.Boolean()),
  meta: Type.Optional(Type.Record(Type.String(), Type.String())),
  sha256: Type.Optional(Type.String({ description: 'When given, must be the SHA-256 (hex) of the bytes.' })),
  size: Type.Optional(Type.Integer({ minimum: 0, description: 'When given, must be the number of bytes.' })),
};

export const FileJsonBody = Type.Object(
  {
    ...fileFields,
    data: Type.Optional(
      Type.String({ contentEncoding: 'base64', description: 'The file\'s bytes, base64. Without it the file is a placeholder (`stored: false`): give `sha256`, `size` and `mime`, and PUT the bytes to its `url`.', expected: 'a base64 string' }),
    ),
  },
  { $id: 'CreateSiloFile', description: 'A file with its bytes inline, or a placeholder for bytes to come.' },
);

export const FileMultipartBody = Type.Object(
  {
    file: Type.String({ contentMediaType: 'application/octet-stream', description: 'The file (one part).' }),
    ...Object.fromEntries(Object.entries(fileFields).map(([name, schema]) => [name, Type.Optional(Type.String({ description: schema.description }))])),
  },
  { description: 'The file as a part, and the other fields as form fields (`meta` as JSON text).' },
);

export const FileParams = Type.Object({ entry_id: Type.String({ description: 'The entry\'s UUID.' }), id: Type.String({ description: 'The file\'s UUID.' }) });
export const EntryFilesParams = Type.Object({ entry_id: Type.String({ description: 'The entry\'s UUID.' }) });
export const DownloadParams = Type.Object({
  entry_id: Type.String({ description: 'The entry\'s UUID.' }),
  id: Type.String({ description: 'The file\'s UUID, or one of its earlier versions\'.' }),
});

/** A file's signed link (its `url`'s query): fetches the bytes without a token until it expires. */
export const FileLinkQuery = Type.Object({
  expires: Type.Optional(Type.String({ description: 'A signed link\'s expiry, in seconds since 1970 (with `scope` and `signature`, the link works without a token until then).' })),
  scope: Type.Optional(Type.String({ description: 'A signed link\'s sealed workspace.' })),
  signature: Type.Optional(Type.String({ description: 'A signed link\'s signature; an expired or altered link is 403 `forbidden`.' })),
});
export const SpoolUploadBody = Type.Object(
  {
    data: Type.String({ contentEncoding: 'base64', description: 'The file\'s bytes, base64 (at most FILE_SIZE_LIMIT once decoded).', expected: 'a base64 string' }),
    name: Type.String({ description: 'The file\'s name: at most 255 characters, no path separators or control characters.', examples: ['invoice.xml'] }),
    type: Type.Optional(Type.String({ description: 'The media type of the bytes (RFC 9110, ASCII); application/octet-stream when absent.', examples: ['application/xml'] })),
  },
  { $id: 'SiloUploadTempFile', description: 'A temporary file for the spool.' },
);

export const SpoolItemSchema = Type.Object(
  {
    key: Type.String({ description: 'Where the file is found again: GET or DELETE /silo/v1/spool/{key}.', examples: ['2025-W20-0123456789abcdef0123-invoice.xml'] }),
    name: Type.String(),
    type: Type.String({ description: 'The media type the file is downloaded with.' }),
    size: Type.Integer({ minimum: 0 }),
    hash: Type.String({ description: 'SHA-256 of the bytes, hexadecimal.' }),
    url: Type.String({ description: 'The path of its bytes.' }),
    created_at: Type.String(DATE_TIME),
    expires_at: Type.String({ ...DATE_TIME, description: 'When it is gone (SPOOL_LIFETIME after the upload).' }),
  },
  { $id: 'SiloUploadTempFileResponse', additionalProperties: false, description: 'A spooled temporary file.' },
);

export const SpoolKeyParams = Type.Object({ key: Type.String({ description: 'The key the upload answered.' }) });

export const MetaSchema = Type.Object(
  {
    id: Type.String(),
    entry_id: Type.String(),
    src: Type.String(),
    key: Type.String(),
    value: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    ref: Type.Optional(Type.String()),
    owner_id: Type.Optional(Type.String()),
    owned: Type.Boolean(),
    indexed: Type.Boolean(),
    secure: Type.Boolean(),
    shared: Type.Boolean(),
    link_scope: Type.Optional(Type.String()),
    link_url: Type.Optional(Type.String()),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Meta', additionalProperties: false },
);

export const EntryVersionSchema = Type.Object(
  {
    version: Type.String({ description: 'Content-derived: the first 10 hexadecimal characters of the SHA-256 of the stored envelope.', examples: ['76f845c125'] }),
    at: Type.String({ ...DATE_TIME, description: 'When the version was made.' }),
    invalid: Type.Boolean(),
    signed: Type.Boolean(),
    src: Type.String({ description: 'What made it (`api`).' }),
  },
  { $id: 'EntryVersion', additionalProperties: false },
);

const entryFields = {
  id: Type.String({ description: 'The envelope\'s UUID.' }),
  key: Type.Optional(Type.String({ description: 'The idempotency key given at creation.' })),
  folder: Type.String(),
  doc_schema: Type.String(),
  env_schema: Type.String(),
  state: Type.Optional(Type.String()),
  draft: Type.Boolean(),
  signed: Type.Boolean(),
  signature: Type.Optional(EntrySignatureSchema),
  invalid: Type.Boolean(),
  digest: DigestSchema,
  snippet: Type.Object({ title: Type.String() }, { additionalProperties: true }),
  tags: Type.Array(Type.String()),
  attachments: Type.Array(AttachmentSchema),
  meta: Type.Array(MetaSchema),
  faults: Type.Array(FaultSchema),
  created_at: Type.String(DATE_TIME),
  updated_at: Type.String(DATE_TIME),
  version: Type.Optional(Type.String({ description: 'The current version of the envelope.' })),
  versions: Type.Optional(Type.Array(EntryVersionSchema, { description: 'The versions of the envelope, newest first: the newest 100.' })),
  context: Type.Optional(Type.String({ description: 'In a related list: how the entry is related to the UUID asked for (`preceding`, `lines.document`, `previous` or `uuid`).' })),
};

export const EntrySchema = Type.Object(
  { ...entryFields, data: anyObject('The GOBL envelope.') },
  { $id: 'Entry', additionalProperties: false, description: 'An entry with its envelope.' },
);

export const EntrySummarySchema = Type.Object(entryFields, { $id: 'EntrySummary', additionalProperties: false, description: 'An entry as listed: no `data`.' });

export const EntryPageSchema = Type.Object(
  {
    list: Type.Array(EntrySummarySchema),
    limit: Type.Integer(),
    cursor: Type.Optional(Type.String()),
    next_cursor: Type.Optional(Type.String({ description: 'Present when there are more entries: pass it as `cursor`.' })),
    folder: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    created_at: Type.Optional(Type.String(DATE_TIME)),
  },
  { $id: 'EntryPage', additionalProperties: false },
);

export const SearchQuery = Type.Object({
  q: Type.String({ description: 'The words to look for (at most 256 characters, 16 words), in any order: an entry matches when it has every one; a word ending in `*` matches the words it begins.' }),
  folder: Type.Optional(Type.String({ description: 'Only entries of this folder.' })),
  limit: Type.Optional(Type.String({ pattern: '^-?[0-9]+$', description: 'Page size, 1 to 100 (default 20).', expected: 'a whole number' })),
  offset: Type.Optional(Type.String({ pattern: '^-?[0-9]+$', description: 'Matches to skip (default 0); offset + limit is at most 1000.', expected: 'a whole number' })),
});

export const SearchPageSchema = Type.Object(
  {
    query: Type.String({ description: 'The query, as given.' }),
    folder: Type.Optional(Type.String()),
    limit: Type.Integer(),
    offset: Type.Integer(),
    list: Type.Array(EntrySummarySchema, { description: 'The matching entries, best match first.' }),
  },
  { $id: 'SearchPage', additionalProperties: false },
);

export const EventsQuery = Type.Object({
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page; without it the feed starts at its oldest event kept.' })),
  types: Type.Optional(Type.String({ description: `Only events of these types, separated by commas: ${EVENT_TYPES.join(', ')}.` })),
  entry_id: Type.Optional(Type.String({ description: 'Only the events of this entry.' })),
  folder: Type.Optional(Type.String({ description: 'Only the events of entries in this folder (as the event tells of the entry).' })),
  limit: Type.Optional(Type.String({ pattern: '^-?[0-9]+$', description: `Page size, 1 to ${MAX_EVENTS_LIMIT} (default ${DEFAULT_EVENTS_LIMIT}).`, expected: 'a whole number' })),
  wait: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: `Seconds, at most ${MAX_WAIT_SECONDS}, to hold an empty answer open until an event arrives (a long poll).`, expected: 'a whole number' })),
});

export const EventSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The event\'s UUIDv7.' }),
    type: Type.Union(EVENT_TYPES.map((type) => Type.Literal(type))),
    created_at: Type.String(DATE_TIME),
    entry_id: Type.String({ format: 'uuid' }),
    data: anyObject('The entry as a list shows it, without `data`, `attachments`, `meta` and `versions`; with `previous_folder` (moved), `added_state` (a state\'s `key` and `at`), `file` (a file\'s metadata) or `meta_row` (a meta row\'s `src`, `key` and `change`; never its value).'),
    cursor: Type.String({ description: 'Where a read continues after this event.' }),
  },
  { $id: 'Event', additionalProperties: false },
);

export const EventPageSchema = Type.Object(
  {
    list: Type.Array(EventSchema, { description: 'Events, oldest first, in the order their changes were committed.' }),
    limit: Type.Integer(),
    next_cursor: Type.String({ description: 'Where the next read continues: after the last event of this page, or (an empty page) past what this read looked at.' }),
  },
  { $id: 'EventPage', additionalProperties: false },
);

const EventTypeSchema = Type.Union(EVENT_TYPES.map((type) => Type.Literal(type)), { expected: `one of ${EVENT_TYPES.join(', ')}` });

export const WebhookSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    description: Type.Optional(Type.String()),
    events: Type.Optional(Type.Array(EventTypeSchema, { description: 'The event types it gets; absent: every type.' })),
    enabled: Type.Boolean(),
    disabled_reason: Type.Optional(Type.String({ description: 'Why delivery disabled it (every attempt failed for five days); gone once it is enabled again.' })),
    secret: Type.Optional(Type.String({ description: 'The signing secret (`whsec_` and base64): shown only when the endpoint is created and when its secret is rotated.' })),
    previous_secret_until: Type.Optional(Type.String({ ...DATE_TIME, description: 'After a rotation, until when the previous secret still signs beside the new one.' })),
    position: Type.Integer({ description: 'The place in the workspace\'s feed (an event\'s `position`) delivered up to.' }),
    next_attempt_at: Type.Optional(Type.String({ ...DATE_TIME, description: 'When the event being retried is sent again.' })),
    failing_since: Type.Optional(Type.String({ ...DATE_TIME, description: 'Since when every attempt has failed.' })),
    created_at: Type.String(DATE_TIME),
    updated_at: Type.String(DATE_TIME),
  },
  { $id: 'Webhook', additionalProperties: false },
);

export const WebhookListSchema = Type.Object({ list: Type.Array(WebhookSchema, { description: 'Oldest first.' }) }, { $id: 'WebhookList', additionalProperties: false });

const webhookUrl = Type.String({ maxLength: 2048, description: 'Where events are POSTed: https (http only with WEBHOOK_ALLOW_HTTP), never a private, loopback or link-local address (unless WEBHOOK_ALLOW_PRIVATE).', expected: 'a URL of at most 2048 characters' });
const webhookDescription = Type.String({ maxLength: 512, expected: 'a string of at most 512 characters' });

export const CreateWebhookBody = Type.Object(
  {
    url: webhookUrl,
    events: Type.Optional(Type.Array(Type.String(), { maxItems: 32, description: `Event types to deliver (${EVENT_TYPES.join(', ')}); absent or empty: every type.`, expected: 'a list of event types' })),
    description: Type.Optional(webhookDescription),
  },
  { $id: 'CreateWebhookBody', additionalProperties: false },
);

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(webhookUrl),
    events: Type.Optional(Type.Array(Type.String(), { maxItems: 32, description: 'Event types to deliver; empty: every type.', expected: 'a list of event types' })),
    description: Type.Optional({ ...webhookDescription, description: 'Empty removes it.' }),
    enabled: Type.Optional(flagSchema('False stops delivery; true starts it again where it stood, its failures forgotten.')),
  },
  { $id: 'UpdateWebhookBody', additionalProperties: false },
);

export const WebhookDeliverySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event_id: Type.String({ format: 'uuid', description: 'The event\'s id: the `webhook-id` header.' }),
    event_type: Type.Union([...EVENT_TYPES.map((type) => Type.Literal(type)), Type.Literal(TEST_EVENT_TYPE)], { description: 'The event\'s type; `webhook.test` for a test event (POST /silo/v1/webhooks/{id}/test).' }),
    position: Type.Integer({ description: 'The event\'s place in the feed; 0 for a test event, which has none.' }),
    status: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('retrying'), Type.Literal('scheduled')], { description: '`delivered` (a 2xx answer), `retrying` (it is sent again at `next_attempt_at`), `failed` (an answer that ends it, or three days of retries) or `scheduled` (asked for again by a retry, not sent yet).' }),
    response_code: Type.Optional(Type.Integer({ description: 'The answer\'s status; absent when none came.' })),
    duration_ms: Type.Integer(),
    response_excerpt: Type.Optional(Type.String({ description: 'The first KiB of the answer\'s body.' })),
    error: Type.Optional(Type.String({ description: 'Why no answer came, as a short class: `timeout`, `connection refused`, `connection reset`, `tls`, `dns`, `unreachable`, `refused address`, `refused url`, `bad answer` or `network error`.' })),
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

export const WebhookParams = Type.Object({ id: Type.String({ description: 'The webhook endpoint\'s UUID.' }) });
export const WebhookDeliveryParams = Type.Object({
  id: Type.String({ description: 'The webhook endpoint\'s UUID.' }),
  delivery_id: Type.String({ description: 'The delivery\'s UUID.' }),
});
export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^-?[0-9]+$', description: `Page size, 1 to ${MAX_DELIVERIES_LIMIT} (default ${DEFAULT_DELIVERIES_LIMIT}).`, expected: 'a whole number' })),
  before: Type.Optional(Type.String({ description: 'The `next_before` of the previous page.' })),
});

export const MetaParams = Type.Object({
  entry_id: Type.String({ description: 'The entry\'s UUID.' }),
  key: Type.String({ description: 'The meta row\'s key.' }),
});
export const MetaRefParams = Type.Object({
  key: Type.String({ description: 'The meta row\'s key.' }),
  ref: Type.String({ description: 'The meta row\'s reference.' }),
});
export const MetaRefQuery = Type.Object({
  owned: Type.Optional(Type.String({ description: 'Accepted for compatibility: every lookup is within the token\'s workspace.' })),
});

export const MetaBody = Type.Object(
  {
    ref: Type.Optional(Type.String({ maxLength: 255, description: 'A value to find the row by without the entry\'s id.', expected: 'a string of at most 255 characters' })),
    value: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Any JSON object.', expected: 'an object' })),
    url: Type.Optional(Type.String({ maxLength: 2048, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://', description: 'A link for more about the row (shown as `link_url`): an absolute http or https URL.', expected: 'an absolute http or https URL of at most 2048 characters' })),
    scope: Type.Optional(Type.String({ maxLength: 64, description: 'Where the link may be shown (shown as `link_scope`).', expected: 'a string of at most 64 characters' })),
    indexed: Type.Optional(flagSchema('The row\'s reference and values are found by search.')),
    owned: Type.Optional(flagSchema('The row is indexed by owner.')),
    secure: Type.Optional(flagSchema('The row is left out of the entry\'s `meta` list: only a request for its key returns it.')),
    shared: Type.Optional(flagSchema('The row may be shown to other applications.')),
  },
  { $id: 'MetaBody', additionalProperties: false },
);

export const ListEntriesQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Page size, 1 to 100 (default 20).' })),
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page.' })),
  folder: Type.Optional(Type.String()),
  state: Type.Optional(Type.String({ description: 'Only entries whose latest state has this key (an extension of this service).' })),
  created_at: Type.Optional(Type.String({ description: 'Only entries created at or before this time (RFC 3339); at or after it with `ascending`.' })),
  ascending: Type.Optional(Type.Boolean({ description: 'Oldest first instead of newest first. A cursor continues only the order it was made in.' })),
  order_by: Type.Optional(
    Type.Union([Type.Literal('created_at'), Type.Literal('amount')], {
      description:
        'What the list is ordered by: `created_at` (the default) or `amount`, the document\'s payable total (`totals.payable` of invoices, orders and ' +
        'deliveries; `total` of payments), highest first (lowest with `ascending`), entries without one last, ties by id. Amounts are compared as numbers ' +
        'whatever the currency. Not with `created_at`. A cursor continues only the order it was made in.',
    }),
  ),
});

const relatedQuery = {
  context: Type.Optional(Type.String({ description: 'Only entries related this way: `preceding`, `lines.document`, `previous` or `uuid`.' })),
  created_at: Type.Optional(Type.String({ description: 'Only entries created at or before this time (RFC 3339); at or after it with `ascending`.' })),
  cursor: Type.Optional(Type.String({ description: 'The `next_cursor` of the previous page of this related list.' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'Page size, 1 to 100 (default 20).' })),
  ascending: Type.Optional(Type.Boolean({ description: 'Oldest first instead of newest first.' })),
};

export const RelatedEntriesQuery = Type.Object({
  uuid: uuid('The UUID of the document whose related entries are listed.'),
  ...relatedQuery,
});

export const EntryRelatedQuery = Type.Object({
  uuid: Type.Optional(uuid('When given, the same UUID as the path\'s id.')),
  ...relatedQuery,
});


export const JwksSchema = Type.Object(
  { keys: Type.Array(Type.Object({ kty: Type.String(), kid: Type.String() }, { additionalProperties: true })) },
  { $id: 'Jwks', description: 'The public keys of the service\'s envelope signatures.' },
);




export const GoblAnswerSchema = Type.Object({ data: anyObject('The envelope, the document, or the schema of options.') }, { $id: 'GOBL', additionalProperties: false });

export const PingSchema = Type.Object({ ping: Type.Literal('pong') }, { additionalProperties: false });

export const UuidQuery = Type.Object({
  v: Type.Optional(Type.Union(UUID_VERSIONS.map((v) => Type.Literal(v)), { description: 'UUID version; 4 when absent.', expected: `one of ${UUID_VERSIONS.join(', ')}` })),
  base: Type.Optional(uuid('Namespace UUID, for versions 3 and 5.')),
  key: Type.Optional(Type.String({ description: 'Name, for versions 3 and 5.' })),
});

export const UuidSchema = Type.Object(
  { uuid: uuidSchema('A new UUID.'), version: Type.Union(UUID_VERSIONS.map((v) => Type.Literal(v))) },
  { additionalProperties: false },
);

export const HealthSchema = Type.Object({ status: Type.String() }, { additionalProperties: false });

export const EntryVersionParams = Type.Object({
  id: Type.String({ description: 'The entry\'s UUID.' }),
  version: Type.String({ description: 'A version of the entry, from its `versions`.' }),
});
export const EntryPdfQuery = Type.Object({
  version: Type.Optional(Type.String({ description: 'A version of the entry, from its `versions`; the current one by default.' })),
});
export const PdfSchema = Type.String({ contentMediaType: 'application/pdf', description: 'An A4 PDF with its fonts embedded.' });
export const EntryStatesParams = Type.Object({ entry_id: Type.String({ description: 'The entry\'s UUID.' }) });
export const EntryStateParams = Type.Object({
  entry_id: Type.String({ description: 'The entry\'s UUID.' }),
  at: Type.String({ description: 'When the state holds from: RFC 3339 with milliseconds.', examples: ['2026-11-24T10:00:00.000Z'] }),
});

export const EntryDataSchema = Type.Object(
  { version: Type.String(), data: anyObject('The envelope of that version.') },
  { $id: 'EntryData', additionalProperties: false, description: 'One version of an entry\'s envelope.' },
);

export const StateBody = Type.Object(
  {
    key: Type.Union(STATE_KEYS.map((key) => Type.Literal(key)), { description: 'The state.' }),
    notes: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'CreateState', description: 'A state of an entry; the newest state is the entry\'s `state`.' },
);

export const StateSchema = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    notes: Type.Optional(Type.String()),
    meta: Type.Optional(Type.Record(Type.String(), Type.String())),
    src: Type.String(),
    created_at: Type.String({ ...DATE_TIME, description: 'When the state holds from.' }),
    faults: Type.Array(FaultSchema),
  },
  { $id: 'State', additionalProperties: false },
);

export const StateListSchema = Type.Object({ list: Type.Array(StateSchema, { description: 'Newest first.' }) }, { $id: 'StateList', additionalProperties: false });

export const EntryIdParams = Type.Object({ id: Type.String({ description: 'The entry\'s UUID.' }) });
export const EntryKeyParams = Type.Object({ key: Type.String({ description: 'The entry\'s idempotency key.' }) });

/** Every named schema, in the order the description lists them. */
export const NAMED_SCHEMAS: TSchema[] = [
  EventSchema,
  EventPageSchema,
  WebhookSchema,
  WebhookListSchema,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliverySchema,
  WebhookDeliveryPageSchema,
  ErrorSchema,
  ErrorFieldsSchema,
  FaultSchema,
  DigestSchema,
  EntrySignatureSchema,
  AttachmentSchema,
  FileSchema,
  FileVersionSchema,
  FileJsonBody,
  MetaSchema,
  MetaBody,
  EntrySchema,
  EntrySummarySchema,
  EntryPageSchema,
  SearchPageSchema,
  CreateEntryBody,
  UpdateEntryBody,
  EntryVersionSchema,
  EntryDataSchema,
  StateBody,
  StateSchema,
  StateListSchema,
  JwksSchema,
  BuildBody,
  SignBody,
  CorrectBody,
  GoblAnswerSchema,
  SpoolUploadBody,
  SpoolItemSchema,
];
