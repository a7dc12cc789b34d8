import { randomBytes } from 'node:crypto';
import { EVENT_TYPES, isEventType, type EventType } from '../entries/model/entry-event';
import { DomainError, badInput, notFound } from '../shared/errors';
import type { EventStore } from '../events/event-store';
import { MAX_WEBHOOKS_PER_WORKSPACE, SECRET_OVERLAP_MS, type WebhookChange, type WebhookDelivery, type WebhookEndpoint } from './webhook';
import type { WebhookDispatcher } from './webhook-delivery';
import type { WebhookSender } from './webhook-sender.port';
import type { WebhookStore } from './webhook-store';
import { isTestDelivery } from './webhook-test-event';
import { MAX_WEBHOOK_URL_LENGTH as MAX_URL_LENGTH, readNewWebhook, readWebhookPatch } from './webhook-input';

export const DEFAULT_DELIVERIES_LIMIT = 50;
export const MAX_DELIVERIES_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a registration and a change ask for: the domain's declaration of those bodies (webhook-input.ts). */
export type { NewWebhook, WebhookPatch } from './webhook-input';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const checkId = (id: string, what: string): string => {
  if (!UUID.test(id)) throw notFound(what);
  return id.toLowerCase();
};

function checkEvents(events: readonly string[] | null | undefined): EventType[] | null | undefined {
  if (events === null || events === undefined) return events;
  if (events.length === 0) return null; // none named: every type
  const unknown = events.filter((type) => !isEventType(type));
  if (unknown.length > 0)
    throw badInput(`events: ${unknown.join(', ')} not an event type`, { events: `must be among ${EVENT_TYPES.join(', ')}` });
  return EVENT_TYPES.filter((type) => events.includes(type));
}

/**
 * A workspace's webhook endpoints: registered, changed, rotated and deleted here; their attempts listed and one
 * event sent again on request. Delivery itself runs in the dispatcher (webhook-delivery.ts).
 */
export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly events: EventStore,
    private readonly sender: WebhookSender,
    private readonly dispatcher: WebhookDispatcher,
    private readonly newId: () => string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The URL's address policy, which no schema says: its type and length are the body's check (webhook-input.ts). */
  private async checkUrl(url: string): Promise<string> {
    if (url.length === 0) throw badInput(`url: a URL of at most ${MAX_URL_LENGTH} characters`, { url: 'must be an https URL' });
    const refusal = await this.sender.refusalOf(url);
    if (refusal) throw badInput(`url: ${refusal}`, { url: refusal });
    return url;
  }

  /** Registers an endpoint: `body` is checked here against CreateWebhookBody, for every API (400 `input`). */
  async create(workspaceId: string, body: unknown): Promise<WebhookEndpoint> {
    const input = readNewWebhook(body);
    const eventTypes = checkEvents(input.events) ?? undefined;
    const description = input.description;
    const url = await this.checkUrl(input.url);
    const now = this.clock();
    const endpoint: WebhookEndpoint = {
      workspaceId,
      id: this.newId(),
      url,
      description,
      eventTypes,
      enabled: true,
      secret: newSecret(),
      deliveredSeq: 0,
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    };
    const created = await this.store.create(endpoint, MAX_WEBHOOKS_PER_WORKSPACE);
    if (!created) throw new DomainError('conflict', `a workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhook endpoints`);
    return created;
  }

  list(workspaceId: string): Promise<WebhookEndpoint[]> {
    return this.store.list(workspaceId);
  }

  async find(workspaceId: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.store.find(workspaceId, checkId(id, 'webhook'));
    if (!endpoint) throw notFound('webhook');
    return endpoint;
  }

  /** Changes an endpoint: `body` is checked here against UpdateWebhookBody, for every API (400 `input`). */
  async update(workspaceId: string, id: string, body: unknown): Promise<WebhookEndpoint> {
    const patch = readWebhookPatch(body);
    const change: WebhookChange = {};
    if (patch.events !== undefined) change.eventTypes = checkEvents(patch.events);
    if (patch.description !== undefined) change.description = patch.description === '' ? null : patch.description;
    if (patch.enabled !== undefined) change.enabled = patch.enabled;
    if (patch.url !== undefined) change.url = await this.checkUrl(patch.url);
    const updated = await this.store.update(workspaceId, checkId(id, 'webhook'), change, this.clock());
    if (!updated) throw notFound('webhook');
    if (change.enabled) this.dispatcher.wake();
    return updated;
  }

  /** A new secret; the one it replaces signs beside it for SECRET_OVERLAP_MS. */
  async rotateSecret(workspaceId: string, id: string): Promise<WebhookEndpoint> {
    const now = this.clock();
    const rotated = await this.store.rotateSecret(
      workspaceId,
      checkId(id, 'webhook'),
      newSecret(),
      new Date(now.getTime() + SECRET_OVERLAP_MS),
      now,
    );
    if (!rotated) throw notFound('webhook');
    return rotated;
  }

  async delete(workspaceId: string, id: string): Promise<void> {
    if (!(await this.store.delete(workspaceId, checkId(id, 'webhook')))) throw notFound('webhook');
  }

  /** An endpoint's attempts, newest first, a page at a time (`before`: the last id of the previous page). */
  async deliveries(
    workspaceId: string,
    id: string,
    query: { limit?: number; before?: string },
  ): Promise<{ list: WebhookDelivery[]; limit: number; next?: string }> {
    const limit = query.limit ?? DEFAULT_DELIVERIES_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DELIVERIES_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_DELIVERIES_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_DELIVERIES_LIMIT}` });
    if (query.before !== undefined && !UUID.test(query.before))
      throw badInput('before: not a delivery id', { before: 'must be the id of a delivery' });
    const endpoint = await this.find(workspaceId, id);
    const list = await this.store.deliveries(workspaceId, endpoint.id, limit + 1, query.before?.toLowerCase());
    return { list: list.slice(0, limit), limit, next: list.length > limit ? list[limit - 1].id : undefined };
  }

  /**
   * Schedules the event of an attempt to be sent again, once, as soon as the dispatcher has a place for it; answers
   * the new attempt, `scheduled` (its endpoint's place in the feed stays).
   */
  async retry(workspaceId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
    const endpoint = await this.find(workspaceId, id);
    const delivery = await this.store.findDelivery(workspaceId, endpoint.id, checkId(deliveryId, 'delivery'));
    if (!delivery) throw notFound('delivery');
    if (isTestDelivery(delivery)) return this.dispatcher.scheduleTest(endpoint, delivery.eventId);
    const [event] = await this.events.readEvents(workspaceId, { afterSeq: delivery.eventSeq - 1, throughSeq: delivery.eventSeq, limit: 1 });
    if (!event || event.id !== delivery.eventId) throw new DomainError('gone', 'the event of this delivery is no longer kept');
    return this.dispatcher.schedule(endpoint, event);
  }

  /**
   * Schedules a test event (`webhook.test`) for the endpoint, sent like any attempt (signed, within the delivery
   * limits, to a checked address); answers the attempt, `scheduled`. The endpoint's place in the feed stays.
   */
  async sendTest(workspaceId: string, id: string): Promise<WebhookDelivery> {
    return this.dispatcher.scheduleTest(await this.find(workspaceId, id));
  }
}
