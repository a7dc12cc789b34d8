/**
 * Webhook endpoints' and attempts' rows as raw SQL reads and writes them: their columns, and the domain objects
 * made from them, in one place for the repository's reads and its claims.
 */
import type { EventType } from '../domain/entries/model/entry-event';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/webhook';

/** A row as raw SQL returns it. */
export type Row = Record<string, unknown>;

export const ENDPOINT_COLUMNS =
  'workspace_id, id, url, description, event_types, enabled, disabled_reason, secret, previous_secret, previous_secret_until, delivered_seq, next_attempt_at, attempts, attempt_started_at, failing_since, created_at, updated_at';
export const DELIVERY_COLUMNS =
  'id, workspace_id, endpoint_id, event_id, event_seq, event_type, status, response_code, duration_ms, response_excerpt, error, attempt, next_attempt_at, created_at';

const dateOf = (value: unknown): Date | undefined => (value === null || value === undefined ? undefined : new Date(Number(value)));
const textOf = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : String(value));
export const msOf = (date: Date | undefined): number | null => (date ? date.getTime() : null);

export const fromEndpointRow = (row: Row): WebhookEndpoint => ({
  workspaceId: String(row.workspace_id),
  id: String(row.id),
  url: String(row.url),
  description: textOf(row.description),
  eventTypes: row.event_types === null || row.event_types === undefined ? undefined : (JSON.parse(String(row.event_types)) as EventType[]),
  enabled: Number(row.enabled) === 1,
  disabledReason: textOf(row.disabled_reason),
  secret: String(row.secret),
  previousSecret: textOf(row.previous_secret),
  previousSecretUntil: dateOf(row.previous_secret_until),
  deliveredSeq: Number(row.delivered_seq),
  nextAttemptAt: dateOf(row.next_attempt_at),
  attempts: Number(row.attempts),
  attemptStartedAt: dateOf(row.attempt_started_at),
  failingSince: dateOf(row.failing_since),
  createdAt: new Date(Number(row.created_at)),
  updatedAt: new Date(Number(row.updated_at)),
});

export const fromDeliveryRow = (row: Row): WebhookDelivery => ({
  id: String(row.id),
  workspaceId: String(row.workspace_id),
  endpointId: String(row.endpoint_id),
  eventId: String(row.event_id),
  eventSeq: Number(row.event_seq),
  eventType: String(row.event_type),
  status: String(row.status) as DeliveryStatus,
  responseCode: row.response_code === null || row.response_code === undefined ? undefined : Number(row.response_code),
  durationMs: Number(row.duration_ms),
  responseExcerpt: textOf(row.response_excerpt),
  error: textOf(row.error),
  attempt: Number(row.attempt),
  nextAttemptAt: dateOf(row.next_attempt_at),
  createdAt: new Date(Number(row.created_at)),
});
