import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { DeliveryStatus } from '../../domain/webhooks/webhook';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { EventTypeEnum } from '../events/entry-event.type';

/**
 * A delivery's status as a GraphQL enum, each value's internal value its own name: the compiled executor passes
 * enum leaves through unconverted, so resolvers answer the name (`deliveryStatusName`).
 */
export const DeliveryStatusEnum = { DELIVERED: 'DELIVERED', FAILED: 'FAILED', RETRYING: 'RETRYING', SCHEDULED: 'SCHEDULED' } as const;

export const deliveryStatusName = (status: DeliveryStatus): string => status.toUpperCase();

registerEnumType(DeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description:
    'DELIVERED (a 2xx answer), RETRYING (it is sent again at nextAttemptAt), FAILED (an answer that ends it, or three days of retries) or SCHEDULED (asked for again by retryWebhookDelivery, not sent yet).',
});

/**
 * What a delivery delivered: an event type, or WEBHOOK_TEST (sendTestWebhookEvent), which is no change of an entry
 * and so not among EventType (nothing subscribes to it or filters the feed by it).
 */
export const WebhookEventTypeEnum = { ...EventTypeEnum, WEBHOOK_TEST: 'WEBHOOK_TEST' } as Record<string, string>;

registerEnumType(WebhookEventTypeEnum, {
  name: 'WebhookEventType',
  description: 'The type of a delivered event: an EventType, or WEBHOOK_TEST for a test event (REST `webhook.test`).',
});

/**
 * A webhook endpoint as REST shows it (GET /silo/v1/webhooks/{id}), never with its secret: that is only in the
 * payloads of createWebhook and rotateWebhookSecret. Resolvers return the domain `WebhookEndpoint`; `events`,
 * `position` and `previousSecretUntil` are resolved in WebhookResolver.
 */
@ObjectType('Webhook', {
  simpleResolvers: true,
  description: "An endpoint that gets the workspace's events as signed POSTs (Standard Webhooks), in feed order.",
})
export class WebhookType {
  @Field(() => ID, { description: "The endpoint's id (a UUID)." })
  id: string;

  @Field(() => String, { description: 'Where the events are POSTed.' })
  url: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => [EventTypeEnum], { nullable: true, description: 'The event types it gets; null: every type.' })
  events?: string[];

  @Field(() => Boolean, { description: 'False: nothing is sent until it is enabled again.' })
  enabled: boolean;

  @Field(() => String, { nullable: true, description: 'Why the service disabled it (five days of failures); null when it did not.' })
  disabledReason?: string;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Until when the secret rotated out still signs beside the new one; null when none does.',
  })
  previousSecretUntil?: Date;

  @Field(() => Int, { description: "The place in the workspace's feed it has been delivered (or given up) up to." })
  position: number;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When the event it is on is sent again.' })
  nextAttemptAt?: Date;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Since when every attempt has failed; null once one succeeds.' })
  failingSince?: Date;

  @Field(() => DateTimeScalar)
  createdAt: Date;

  @Field(() => DateTimeScalar)
  updatedAt: Date;
}

/** One attempt to deliver an event to an endpoint, as REST lists it (GET /silo/v1/webhooks/{id}/deliveries). */
@ObjectType('WebhookDelivery', { simpleResolvers: true, description: 'One attempt to deliver an event to a webhook endpoint.' })
export class WebhookDeliveryType {
  @Field(() => ID)
  id: string;

  @Field(() => ID, { description: "The event's id: the `webhook-id` header." })
  eventId: string;

  @Field(() => WebhookEventTypeEnum)
  eventType: string;

  @Field(() => Int, { description: "The event's place in the feed; 0 for a test event, which has none." })
  position: number;

  @Field(() => DeliveryStatusEnum)
  status: string;

  @Field(() => Int, { nullable: true, description: "The answer's status; null when none came." })
  responseCode?: number;

  @Field(() => Int)
  durationMs: number;

  @Field(() => String, { nullable: true, description: "The first KiB of the answer's body." })
  responseExcerpt?: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Why no answer came, as a short class: timeout, connection refused, connection reset, tls, dns, unreachable, refused address, refused url, bad answer or network error.',
  })
  error?: string;

  @Field(() => Int, { description: 'Which attempt at the event this was (a retry asked for is 1).' })
  attempt: number;

  @Field(() => DateTimeScalar, { nullable: true, description: 'When a RETRYING attempt is made again.' })
  nextAttemptAt?: Date;

  @Field(() => DateTimeScalar)
  createdAt: Date;
}
