import { ObjectType } from 'type-graphql';
import type { WebhookDelivery } from '../../domain/webhooks/webhook';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';
import { WebhookDeliveryType } from './webhook.type';
import { forwardPageInfo } from '../entries/entry-connection.type';

@ObjectType('WebhookDeliveryEdge', { simpleResolvers: true })
export class WebhookDeliveryEdgeType extends RelayEdge<WebhookDelivery>(
  WebhookDeliveryType,
  "The attempt's id: `after` of `webhookDeliveries` for the attempts older than it.",
) {}

@ObjectType('WebhookDeliveryConnection', {
  simpleResolvers: true,
  description: "A page of an endpoint's delivery attempts, newest first (Relay connection).",
})
export class WebhookDeliveryConnectionType extends RelayConnection(WebhookDeliveryEdgeType) {}

/** A page of attempts as a connection: each cursor is the attempt's id, which is what the service pages by (`before`). */
export function deliveryConnectionOf(page: { list: WebhookDelivery[]; next?: string }): WebhookDeliveryConnectionType {
  const edges = page.list.map((node) => ({ node, cursor: node.id }));
  return {
    edges,
    pageInfo: forwardPageInfo(edges, page.next !== undefined, page.next ?? edges.at(-1)?.cursor ?? null),
  };
}
