import { Field, ID, ObjectType } from 'type-graphql';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhook';
import { WebhookDeliveryType, WebhookType } from './webhook.type';

const SECRET_DESCRIPTION = 'The signing secret (`whsec_` and base64), shown only here: keep it to verify deliveries.';

/** The new endpoint and its secret: with rotateWebhookSecret's, the only places a secret is shown. */
@ObjectType('CreateWebhookPayload', { simpleResolvers: true })
export class CreateWebhookPayload {
  @Field(() => WebhookType)
  webhook: WebhookEndpoint;

  @Field(() => String, { description: SECRET_DESCRIPTION })
  secret: string;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}

@ObjectType('RotateWebhookSecretPayload', { simpleResolvers: true })
export class RotateWebhookSecretPayload {
  @Field(() => WebhookType, {
    description: 'The endpoint, with previousSecretUntil: for 24 hours the previous secret signs beside the new one.',
  })
  webhook: WebhookEndpoint;

  @Field(() => String, { description: SECRET_DESCRIPTION })
  secret: string;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}

@ObjectType('UpdateWebhookPayload', { simpleResolvers: true })
export class UpdateWebhookPayload {
  @Field(() => WebhookType, { description: 'The endpoint as it is now.' })
  webhook: WebhookEndpoint;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}

@ObjectType('DeleteWebhookPayload', { simpleResolvers: true })
export class DeleteWebhookPayload {
  @Field(() => ID, { description: 'The id of the endpoint deleted, with its attempts.' })
  deletedId: string;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}

@ObjectType('RetryWebhookDeliveryPayload', { simpleResolvers: true })
export class RetryWebhookDeliveryPayload {
  @Field(() => WebhookDeliveryType, { description: 'The new attempt.' })
  delivery: WebhookDelivery;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}

@ObjectType('SendTestWebhookEventPayload', { simpleResolvers: true })
export class SendTestWebhookEventPayload {
  @Field(() => WebhookDeliveryType, { description: 'The attempt, SCHEDULED: its outcome is then listed in webhookDeliveries.' })
  delivery: WebhookDelivery;

  @Field(() => String, { nullable: true })
  clientMutationId: string | null;
}
