import { Args, ArgsType, Ctx, Field, FieldResolver, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { EntryEvent, EventType } from '../../domain/entries/model/entry-event';
import { DomainError } from '../../domain/shared/errors';
import { EntryEventType } from '../events/entry-event.type';
import type { GraphQLContext } from '../plumbing/context';
import { PART_COMPLEXITY } from '../plumbing/limits';
import { jobLoaders } from './job-loaders';
import { JobType } from './job.type';
import type { Job } from '../../domain/workflows/job';

/** The events of the feed that tell of a job's end. */
export const JOB_EVENT_TYPES: EventType[] = ['job.completed', 'job.failed'];

/** The arguments of `Subscription.jobEvents`. */
@ArgsType()
export class JobEventsArgs {
  @Field(() => ID, { nullable: true, description: 'Only the jobs run over this entry.' })
  entryId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Resume after this cursor (an event's cursor): every job's end since, then the new ones. None: from now on.",
  })
  after?: string | null;
}

/** What a subscription's field resolves from its source: the event itself (see `subscribe`). */
interface JobEventsSubscribeData {
  args: JobEventsArgs;
  context: GraphQLContext;
}

/** The id of the job a job.completed or job.failed event tells of; undefined for any other event. */
const jobIdOf = (event: EntryEvent): string | undefined => {
  if (!JOB_EVENT_TYPES.includes(event.type)) return undefined;
  const id = (event.data.job as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * Jobs' ends as events: `jobEvents`, the feed's JOB_COMPLETED and JOB_FAILED events followed as `entryEvents` follows
 * the feed (the same followers, bounds and costs), and an event's `job`.
 */
@Resolver(() => EntryEventType)
export class JobEventsResolver {
  @Subscription(() => EntryEventType, {
    description:
      "The ends of the workspace's jobs as they are committed (JOB_COMPLETED and JOB_FAILED events of the feed, in its order; over graphql-ws on /graphql), each with its `job`. From `after` when given (resumable), else from now on. Bounded as entryEvents is: at most 10 subscriptions at once per connection and 100 per workspace.",
    subscribe: ({ args, context }: JobEventsSubscribeData) => {
      if (!context.feeds) throw new DomainError('unavailable', 'events are not served here');
      const signal = context.signal ?? new AbortController().signal;
      const query = { cursor: args.after ?? undefined, types: JOB_EVENT_TYPES, entryId: args.entryId ?? undefined };
      return context.feeds.followers.follow(context.workspaceId, query, signal);
    },
  })
  jobEvents(@Root() event: EntryEvent, @Args(() => JobEventsArgs) _args: JobEventsArgs): EntryEvent {
    return event;
  }

  @FieldResolver(() => JobType, {
    nullable: true,
    complexity: PART_COMPLEXITY,
    description: 'For JOB_COMPLETED and JOB_FAILED: the job, as it is now (its intents, faults and files); null for other events.',
  })
  async job(@Root() event: EntryEvent, @Ctx() ctx: GraphQLContext): Promise<Job | null> {
    const id = jobIdOf(event);
    return id === undefined ? null : jobLoaders(ctx).job.load(id);
  }
}
