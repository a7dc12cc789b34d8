import type { ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import type { WebhookEndpoint } from '../../domain/webhooks/webhook';
import {
  DEFAULT_DELIVERIES_LIMIT,
  MAX_DELIVERIES_LIMIT,
  type NewWebhook,
  type WebhookPatch,
  type WebhooksService,
} from '../../domain/webhooks/webhooks.service';
import type { GraphQLContext } from '../plumbing/context';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { EventTypeEnum, eventTypeName, eventTypesOf } from '../events/entry-event.type';
import { domainBodyOf } from '../plumbing/input-names';
import { WebhookDeliveriesArgs } from './webhook-deliveries.args';
import { deliveryConnectionOf, WebhookDeliveryConnectionType } from './webhook-delivery-connection.type';
import {
  CreateWebhookInput,
  DeleteWebhookInput,
  RetryWebhookDeliveryInput,
  RotateWebhookSecretInput,
  SendTestWebhookEventInput,
  UPDATE_WEBHOOK_OUTSIDE,
  UpdateWebhookInput,
} from './webhook.input';
import {
  CreateWebhookPayload,
  DeleteWebhookPayload,
  RetryWebhookDeliveryPayload,
  RotateWebhookSecretPayload,
  SendTestWebhookEventPayload,
  UpdateWebhookPayload,
} from './webhook.payload';
import { WebhookType } from './webhook.type';

/** A page's cost: its attempts' cost times the page size it will be served at. */
const deliveryPageComplexity = ({ args, childComplexity }: ComplexityEstimatorArgs) => {
  const first = typeof args.first === 'number' && args.first > 0 ? Math.min(args.first, MAX_DELIVERIES_LIMIT) : DEFAULT_DELIVERIES_LIMIT;
  return 1 + first * childComplexity;
};

const webhooksOf = (ctx: GraphQLContext): WebhooksService => {
  if (!ctx.webhooks) throw new DomainError('unavailable', 'webhooks are not served here');
  return ctx.webhooks;
};

/** GraphQL leaves null where REST leaves a member out: both mean "as it is" (or, for create, "none"). */
const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** An input's event types are enum names (ENTRY_CREATED), the domain's are `entry.created`. */
const WEBHOOK_VALUES = { values: { events: eventTypesOf } };

/**
 * A workspace's webhook endpoints, as REST's /silo/v1/webhooks serves them: each field one call into
 * WebhooksService, which owns every rule and every error.
 */
@Resolver(() => WebhookType)
export class WebhookResolver {
  @Query(() => [WebhookType], { description: "The workspace's webhook endpoints, oldest first (at most 50; REST GET /silo/v1/webhooks)." })
  webhooks(@Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint[]> {
    return webhooksOf(ctx).list(ctx.workspaceId);
  }

  @Query(() => WebhookType, { nullable: true, description: 'One webhook endpoint by its id; NOT_FOUND when the workspace has none.' })
  webhook(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookEndpoint> {
    return webhooksOf(ctx).find(ctx.workspaceId, id);
  }

  @Query(() => WebhookDeliveryConnectionType, {
    description:
      "An endpoint's delivery attempts, newest first, a page at a time (REST GET /silo/v1/webhooks/{id}/deliveries); NOT_FOUND for an unknown endpoint.",
    complexity: deliveryPageComplexity,
  })
  async webhookDeliveries(
    @Args(() => WebhookDeliveriesArgs) args: WebhookDeliveriesArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookDeliveryConnectionType> {
    const page = await webhooksOf(ctx).deliveries(ctx.workspaceId, args.webhookId, { limit: given(args.first), before: given(args.after) });
    return deliveryConnectionOf(page);
  }

  @Mutation(() => CreateWebhookPayload, {
    description:
      "Registers an endpoint, as POST /silo/v1/webhooks does: it gets the workspace's events from now on. Its secret is shown only in this payload.",
  })
  async createWebhook(
    @Arg('input', () => CreateWebhookInput) input: CreateWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreateWebhookPayload> {
    const webhook = await webhooksOf(ctx).create(ctx.workspaceId, domainBodyOf<NewWebhook>(input, WEBHOOK_VALUES));
    return { webhook, secret: webhook.secret, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => UpdateWebhookPayload, {
    description: "Changes an endpoint's url, event types, description or whether it is enabled, as PATCH /silo/v1/webhooks/{id} does.",
  })
  async updateWebhook(
    @Arg('input', () => UpdateWebhookInput) input: UpdateWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UpdateWebhookPayload> {
    const webhook = await webhooksOf(ctx).update(
      ctx.workspaceId,
      input.id,
      domainBodyOf<WebhookPatch>(input, { ...WEBHOOK_VALUES, outside: UPDATE_WEBHOOK_OUTSIDE }),
    );
    return { webhook, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => DeleteWebhookPayload, { description: 'Deletes an endpoint and its attempts.' })
  async deleteWebhook(
    @Arg('input', () => DeleteWebhookInput) input: DeleteWebhookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DeleteWebhookPayload> {
    await webhooksOf(ctx).delete(ctx.workspaceId, input.id);
    return { deletedId: input.id, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => RotateWebhookSecretPayload, {
    description:
      'A new signing secret, shown only in this payload. For 24 hours the previous one signs beside it, so receivers can switch without missing a delivery.',
  })
  async rotateWebhookSecret(
    @Arg('input', () => RotateWebhookSecretInput) input: RotateWebhookSecretInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RotateWebhookSecretPayload> {
    const webhook = await webhooksOf(ctx).rotateSecret(ctx.workspaceId, input.id);
    return { webhook, secret: webhook.secret, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => RetryWebhookDeliveryPayload, {
    description:
      "Sends the event of an attempt again, once: answers at once the new attempt, SCHEDULED, sent as soon as a place is free within the delivery limits (its outcome then listed in webhookDeliveries). The endpoint's place in the feed stays. GONE when the event is no longer kept.",
  })
  async retryWebhookDelivery(
    @Arg('input', () => RetryWebhookDeliveryInput) input: RetryWebhookDeliveryInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RetryWebhookDeliveryPayload> {
    const delivery = await webhooksOf(ctx).retry(ctx.workspaceId, input.webhookId, input.deliveryId);
    return { delivery, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => SendTestWebhookEventPayload, {
    description:
      'Sends the endpoint a test event (WEBHOOK_TEST, REST `webhook.test`), signed as every delivery is, as POST /silo/v1/webhooks/{id}/test does: answers at once the attempt, SCHEDULED, sent as soon as a place is free within the delivery limits.',
  })
  async sendTestWebhookEvent(
    @Arg('input', () => SendTestWebhookEventInput) input: SendTestWebhookEventInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SendTestWebhookEventPayload> {
    const delivery = await webhooksOf(ctx).sendTest(ctx.workspaceId, input.webhookId);
    return { delivery, clientMutationId: input.clientMutationId ?? null };
  }

  // Enum leaves are passed through unconverted by the compiled executor: the names themselves are answered.
  @FieldResolver(() => [EventTypeEnum], { nullable: true })
  events(@Root() endpoint: WebhookEndpoint): string[] | null {
    return endpoint.eventTypes?.map(eventTypeName) ?? null;
  }

  @FieldResolver(() => DateTimeScalar, { nullable: true })
  previousSecretUntil(@Root() endpoint: WebhookEndpoint): Date | null {
    const until = endpoint.previousSecretUntil;
    return endpoint.previousSecret && until && until > new Date() ? until : null;
  }

  @FieldResolver(() => Int)
  position(@Root() endpoint: WebhookEndpoint): number {
    return endpoint.deliveredSeq;
  }
}
