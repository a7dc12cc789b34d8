import type { ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { Args, Ctx, FieldResolver, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import type { EntryEvent } from '../../domain/entries/model/entry-event';
import { DomainError } from '../../domain/shared/errors';
import { DEFAULT_EVENTS_LIMIT, encodeEventCursor, MAX_EVENTS_LIMIT } from '../../domain/events/events.service';
import { entryOf, type EventFeeds, type GraphQLContext } from '../plumbing/context';
import { eventConnectionOf, EntryEventConnectionType } from './entry-event-connection.type';
import { EntryEventsArgs, EventsArgs } from './entry-events.args';
import { EntryEventType, EventTypeEnum, eventTypeName, eventTypesOf } from './entry-event.type';
import { EntryType } from '../entries/entry.type';
import { PART_COMPLEXITY } from '../plumbing/limits';

/** A page's cost: its events' cost times the page size it will be served at. */
const eventPageComplexity = ({ args, childComplexity }: ComplexityEstimatorArgs) => {
  const first = typeof args.first === 'number' && args.first > 0 ? Math.min(args.first, MAX_EVENTS_LIMIT) : DEFAULT_EVENTS_LIMIT;
  return 1 + first * childComplexity;
};

const feedsOf = (ctx: GraphQLContext): EventFeeds => {
  if (!ctx.feeds) throw new DomainError('unavailable', 'events are not served here');
  return ctx.feeds;
};

/** What a subscription's field resolves from its source: the event itself (see `subscribe`). */
interface EntryEventsSubscribeData {
  args: EntryEventsArgs;
  context: GraphQLContext;
}

/** The workspace's events: a page of the feed (`events`), the feed as a stream (`entryEvents`), and an event's entry. */
@Resolver(() => EntryEventType)
export class EntryEventResolver {
  @Query(() => EntryEventConnectionType, {
    description:
      "The workspace's events, oldest first, in the order their changes were committed: none skipped, none twice from a cursor (REST GET /silo/v1/events). A cursor older than the events kept is GONE.",
    complexity: eventPageComplexity,
  })
  async events(@Args(() => EventsArgs) args: EventsArgs, @Ctx() ctx: GraphQLContext): Promise<EntryEventConnectionType> {
    const limit = args.first ?? DEFAULT_EVENTS_LIMIT;
    // One event more than the page, when the page is below the most a read serves, tells whether another page follows.
    const lookAhead = Number.isInteger(limit) && limit >= 1 && limit < MAX_EVENTS_LIMIT;
    const page = await feedsOf(ctx).service.feed(ctx.workspaceId, {
      cursor: args.after ?? undefined,
      types: eventTypesOf(args.types),
      entryId: args.entryId ?? undefined,
      folder: args.folder ?? undefined,
      limit: lookAhead ? limit + 1 : limit,
      signal: ctx.signal,
    });
    const shown = page.events.slice(0, limit);
    const hasNextPage = lookAhead ? page.events.length > limit : page.events.length === limit;
    return eventConnectionOf(ctx.workspaceId, shown, hasNextPage, page.nextCursor);
  }

  @Query(() => String, {
    description:
      "The feed's cursor at its end now. Read it before a list, then follow `entryEvents(after:)` from it: every change committed after this moment arrives, including those made while the list was read.",
  })
  eventsEnd(@Ctx() ctx: GraphQLContext): Promise<string> {
    return feedsOf(ctx).service.endCursor(ctx.workspaceId);
  }

  @Subscription(() => EntryEventType, {
    description:
      "The workspace's events as they are committed, in the feed's order (over graphql-ws on /graphql; the token in connection_init). From `after` when given (resumable: every event since, none twice), else from now on. At most 10 at once per connection and 100 per workspace: past them, SERVICE_UNAVAILABLE for that subscription.",
    subscribe: ({ args, context }: EntryEventsSubscribeData) => {
      const signal = context.signal ?? new AbortController().signal;
      const query = { cursor: args.after ?? undefined, types: eventTypesOf(args.types), folder: args.folder ?? undefined };
      return feedsOf(context).followers.follow(context.workspaceId, query, signal);
    },
  })
  entryEvents(@Root() event: EntryEvent, @Args(() => EntryEventsArgs) _args: EntryEventsArgs): EntryEvent {
    return event;
  }

  @FieldResolver(() => EventTypeEnum)
  type(@Root() event: EntryEvent): string {
    return eventTypeName(event.type);
  }

  @FieldResolver(() => String, {
    description: "The feed's cursor after this event: pass it as `after` to read or follow the feed from here.",
  })
  cursor(@Root() event: EntryEvent): string {
    return encodeEventCursor(event.workspaceId, event.seq);
  }

  @FieldResolver(() => EntryType, {
    nullable: true,
    complexity: PART_COMPLEXITY,
    description: 'The entry as it is now (not as the event tells of it); null once it is gone.',
  })
  entry(@Root() event: EntryEvent, @Ctx() ctx: GraphQLContext): Promise<Entry | null> {
    return entryOf(ctx.loaders, event.entryId).catch((error: unknown) => {
      if (error instanceof DomainError && error.key === 'not-found') return null;
      throw error;
    });
  }
}
