import { ArgsType, Field, ID } from 'type-graphql';
import { DEFAULT_EVENTS_LIMIT, MAX_EVENTS_LIMIT } from '../../domain/events/events.service';
import { EventTypeEnum } from './entry-event.type';
import { PagingArgs } from '../plumbing/paging.args';

/** The arguments of `Query.events`: REST's limit, cursor, types, entry_id and folder under Relay names. */
@ArgsType()
export class EventsArgs extends PagingArgs({
  first: `Events per page, 1 to ${MAX_EVENTS_LIMIT} (default ${DEFAULT_EVENTS_LIMIT}).`,
  after: "A cursor of this feed (endCursor, an edge's or event's cursor, or REST next_cursor); none: from the oldest event kept.",
}) {
  @Field(() => [EventTypeEnum], { nullable: true, description: 'Only events of these types.' })
  types?: string[] | null;

  @Field(() => ID, { nullable: true, description: 'Only events of this entry.' })
  entryId?: string | null;

  @Field(() => String, { nullable: true, description: 'Only events of entries in this folder (as each event tells of its entry).' })
  folder?: string | null;
}

/** The arguments of `Subscription.entryEvents`. */
@ArgsType()
export class EntryEventsArgs {
  @Field(() => [EventTypeEnum], { nullable: true, description: 'Only events of these types.' })
  types?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Only events of entries in this folder.' })
  folder?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Resume after this cursor (an event's cursor): every event since, then the new ones. None: from now on.",
  })
  after?: string | null;
}
