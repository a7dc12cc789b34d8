import { Field, ID, ObjectType } from 'type-graphql';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhook';
import { WebhookDeliveryType, WebhookType } from './webhook.type';
import { ClientMutationIdField } from '../node/relay-mutation.type';

const SECRET_DESCRIPTION = 'The signing secret (`whsec_` and base64), shown only here: keep it to verify deliveries.';

/** A payload with an endpoint and its new secret: createWebhook's and rotateWebhookSecret's, the only places a secret is shown. */
function WebhookSecretPayload(webhookDescription?: string) {
  @ObjectType({ simpleResolvers: true })
  abstract class WebhookSecret {
    @Field(() => WebhookType, { description: webhookDescription })
    webhook: WebhookEndpoint;

    @Field(() => String, { description: SECRET_DESCRIPTION })
    secret: string;

    @ClientMutationIdField()
    clientMutationId: string | null;
  }
  return WebhookSecret;
}

/** The new endpoint and its secret. */
@ObjectType('CreateWebhookPayload', { simpleResolvers: true })
export class CreateWebhookPayload extends WebhookSecretPayload() {}

@ObjectType('RotateWebhookSecretPayload', { simpleResolvers: true })
export class RotateWebhookSecretPayload extends WebhookSecretPayload(
  'The endpoint, with previousSecretUntil: for 24 hours the previous secret signs beside the new one.',
) {}

@ObjectType('UpdateWebhookPayload', { simpleResolvers: true })
export class UpdateWebhookPayload {
  @Field(() => WebhookType, { description: 'The endpoint as it is now.' })
  webhook: WebhookEndpoint;

  @ClientMutationIdField()
  clientMutationId: string | null;
}

@ObjectType('DeleteWebhookPayload', { simpleResolvers: true })
export class DeleteWebhookPayload {
  @Field(() => ID, { description: 'The id of the endpoint deleted, with its attempts.' })
  deletedId: string;

  @ClientMutationIdField()
  clientMutationId: string | null;
}

/** A payload with one delivery attempt (`delivery`, described for its mutation). */
function DeliveryPayload(description: string) {
  @ObjectType({ simpleResolvers: true })
  abstract class Delivery {
    @Field(() => WebhookDeliveryType, { description })
    delivery: WebhookDelivery;

    @ClientMutationIdField()
    clientMutationId: string | null;
  }
  return Delivery;
}

@ObjectType('RetryWebhookDeliveryPayload', { simpleResolvers: true })
export class RetryWebhookDeliveryPayload extends DeliveryPayload('The new attempt.') {}

@ObjectType('SendTestWebhookEventPayload', { simpleResolvers: true })
export class SendTestWebhookEventPayload extends DeliveryPayload(
  'The attempt, SCHEDULED: its outcome is then listed in webhookDeliveries.',
) {}
