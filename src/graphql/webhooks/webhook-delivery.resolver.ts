import { FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { EventType } from '../../domain/entries/model/entry-event';
import type { WebhookDelivery } from '../../domain/webhooks/webhook';
import { eventTypeName } from '../events/entry-event.type';
import { DeliveryStatusEnum, deliveryStatusName, WebhookDeliveryType, WebhookEventTypeEnum } from './webhook.type';

/** A delivery's fields named otherwise than in the domain, and its enums answered by name (the compiled executor does not convert them). */
@Resolver(() => WebhookDeliveryType)
export class WebhookDeliveryResolver {
  // webhook.test is named as event types are: WEBHOOK_TEST.
  @FieldResolver(() => WebhookEventTypeEnum)
  eventType(@Root() delivery: WebhookDelivery): string {
    return eventTypeName(delivery.eventType as EventType);
  }

  @FieldResolver(() => DeliveryStatusEnum)
  status(@Root() delivery: WebhookDelivery): string {
    return deliveryStatusName(delivery.status);
  }

  @FieldResolver(() => Int)
  position(@Root() delivery: WebhookDelivery): number {
    return delivery.eventSeq;
  }
}
