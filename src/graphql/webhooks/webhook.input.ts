import { Field, ID, InputType } from 'type-graphql';
import { EventTypeEnum } from '../events/entry-event.type';
import { ClientMutationIdInputField } from '../node/relay-mutation.type';

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

  @ClientMutationIdInputField()
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

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

/** An input that names one endpoint (`id`, described for its mutation) and nothing else. */
function WebhookIdInput(description: string) {
  @InputType()
  abstract class WebhookId {
    @Field(() => ID, { description })
    id: string;

    @ClientMutationIdInputField()
    clientMutationId?: string | null;
  }
  return WebhookId;
}

@InputType('DeleteWebhookInput')
export class DeleteWebhookInput extends WebhookIdInput('The endpoint to delete, with its attempts.') {}

@InputType('RotateWebhookSecretInput')
export class RotateWebhookSecretInput extends WebhookIdInput('The endpoint that gets a new secret.') {}

@InputType('RetryWebhookDeliveryInput')
export class RetryWebhookDeliveryInput {
  @Field(() => ID, { description: 'The endpoint.' })
  webhookId: string;

  @Field(() => ID, { description: 'The attempt whose event is sent again.' })
  deliveryId: string;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}

@InputType('SendTestWebhookEventInput')
export class SendTestWebhookEventInput {
  @Field(() => ID, { description: 'The endpoint the test event is sent to.' })
  webhookId: string;

  @ClientMutationIdInputField()
  clientMutationId?: string | null;
}
