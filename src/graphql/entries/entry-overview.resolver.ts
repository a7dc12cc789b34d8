import { Args, ArgsType, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DomainError } from '../../domain/shared/errors';
import type { BoundedCount } from '../../domain/entries/entry-overview';
import type { GraphQLContext } from '../plumbing/context';
import { DateTimeScalar } from '../plumbing/date-time.scalar';

/** The filters of `Query.entriesCount`: those of `Query.entries`, without paging. */
@ArgsType()
export class EntriesCountArgs {
  @Field(() => String, { nullable: true, description: 'Only entries of this folder.' })
  folder?: string | null;

  @Field(() => String, { nullable: true, description: 'Only entries whose latest state has this key.' })
  state?: string | null;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Only entries created at or before this time (at or after it when ascending).',
  })
  createdAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'As in `entries`: makes createdAt a lower bound.' })
  ascending?: boolean | null;
}

@ObjectType('EntryCount', { simpleResolvers: true, description: 'How many entries a list holds, counted up to 10,000.' })
export class EntryCountType {
  @Field(() => Int, { description: 'The entries counted: all of them unless `more`.' })
  count: number;

  @Field(() => Boolean, {
    description: 'True when there are more than `count` (the count stops at 10,000, or was cut short reading a folder for a state).',
  })
  more: boolean;
}

/** What the list of entries shows around its rows: the folders to pick from and how many entries match. */
@Resolver()
export class EntryOverviewResolver {
  @Query(() => [String], { description: 'The folders the workspace has entries in, in name order (at most 100).' })
  entryFolders(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return overviewOf(ctx).foldersInUse(ctx.workspaceId);
  }

  @Query(() => EntryCountType, { description: 'How many entries `entries` with these filters lists, counted up to 10,000.' })
  entriesCount(@Args(() => EntriesCountArgs) args: EntriesCountArgs, @Ctx() ctx: GraphQLContext): Promise<BoundedCount> {
    return overviewOf(ctx).countEntries(ctx.workspaceId, {
      folder: args.folder ?? undefined,
      state: args.state ?? undefined,
      createdAt: args.createdAt ?? undefined,
      ascending: args.ascending ?? undefined,
    });
  }
}

function overviewOf(ctx: GraphQLContext) {
  if (!ctx.entries.overview) throw new DomainError('internal', 'the entry overview is not configured');
  return ctx.entries.overview;
}
