import { ArgsType, Field, ID } from 'type-graphql';
import { DEFAULT_DELIVERIES_LIMIT, MAX_DELIVERIES_LIMIT } from '../../domain/webhooks/webhooks.service';
import { PagingArgs } from '../plumbing/paging.args';

/** The arguments of `Query.webhookDeliveries`: REST's limit and before under Relay names. */
@ArgsType()
export class WebhookDeliveriesArgs extends PagingArgs({
  first: `Attempts per page, 1 to ${MAX_DELIVERIES_LIMIT} (default ${DEFAULT_DELIVERIES_LIMIT}).`,
  after: 'endCursor of the previous page (REST next_before); none: from the newest attempt.',
}) {
  @Field(() => ID, { description: 'The endpoint.' })
  webhookId: string;
}
