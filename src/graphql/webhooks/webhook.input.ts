import { Field, ID, InputType } from 'type-graphql';
import { EventTypeEnum } from '../events/entry-event.type';

/** The registration body (CreateWebhookBody, src/domain/webhook-input.ts, its one declaration) with GraphQL's names (input-names.ts). No rules here: WebhooksService checks it, for both APIs. */
@InputType('CreateWebhookInput')
export class CreateWebhookInput {
  @Field(() => String, {
    description:
      'Where events are POSTed: https (http only with WEBHOOK_ALLOW_HTTP), never a private, loopback or link-local address (unless WEBHOOK_ALLOW_PRIVATE).',
  })
  url: string;

  @Field(() => [EventTypeEnum], { nullable: true, description: 'The event types to deliver; none or empty: every type.' })
  events?: string[] | null;

  @Field(() => String, { nullable: true, description: 'At most 512 characters.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

/** The change body (UpdateWebhookBody, src/domain/webhook-input.ts) with GraphQL's names, with the endpoint's id. A member left out or null stays as it is. */
/** UpdateWebhookInput's members that are not the body's: REST's path. */
export const UPDATE_WEBHOOK_OUTSIDE = ['id'] as const;

@InputType('UpdateWebhookInput')
export class UpdateWebhookInput {
  @Field(() => ID, { description: 'The endpoint to change.' })
  id: string;

  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => [EventTypeEnum], { nullable: true, description: 'The event types to deliver; empty: every type.' })
  events?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Empty removes it.' })
  description?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'False stops delivery; true starts it again where it stood, its failures forgotten.',
  })
  enabled?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

@InputType('DeleteWebhookInput')
export class DeleteWebhookInput {
  @Field(() => ID, { description: 'The endpoint to delete, with its attempts.' })
  id: string;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

@InputType('RotateWebhookSecretInput')
export class RotateWebhookSecretInput {
  @Field(() => ID, { description: 'The endpoint that gets a new secret.' })
  id: string;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

@InputType('RetryWebhookDeliveryInput')
export class RetryWebhookDeliveryInput {
  @Field(() => ID, { description: 'The endpoint.' })
  webhookId: string;

  @Field(() => ID, { description: 'The attempt whose event is sent again.' })
  deliveryId: string;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}

@InputType('SendTestWebhookEventInput')
export class SendTestWebhookEventInput {
  @Field(() => ID, { description: 'The endpoint the test event is sent to.' })
  webhookId: string;

  @Field(() => String, { nullable: true, description: 'Relay: echoed in the payload.' })
  clientMutationId?: string | null;
}
