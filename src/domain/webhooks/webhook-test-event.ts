import type { WebhookDelivery } from './webhook';

/**
 * The type of the event "send test event" delivers: not a change of any entry, so it has no place in the feed
 * (its position is 0) and no endpoint can subscribe to it; it goes only to the endpoint it was asked for.
 */
export const TEST_EVENT_TYPE = 'webhook.test';

export const isTestDelivery = (delivery: Pick<WebhookDelivery, 'eventType'>): boolean => delivery.eventType === TEST_EVENT_TYPE;

/** The body of a test delivery: shaped as any event's (id, type, created_at, position, data), so a receiver's parsing is tried too. */
export const testEventPayload = (delivery: WebhookDelivery) => ({
  id: delivery.eventId,
  type: TEST_EVENT_TYPE,
  created_at: delivery.createdAt.toISOString(),
  entry_id: null,
  position: 0,
  data: { webhook_id: delivery.endpointId },
});
