import { ArgsType, Field } from 'type-graphql';
import type { ListEntriesQuery } from '../domain/list-entries.query';
import { DateTimeScalar } from './date-time.scalar';
import { PagingArgs } from './paging.args';

/** The arguments of `Query.entries`: REST's limit, cursor, folder, state, created_at and ascending under Relay names. */
@ArgsType()
export class EntriesArgs extends PagingArgs({
  first: 'Page size, as REST limit: default 20; above 100 served as 100; below 1 refused.',
  after: 'A cursor from a previous page (endCursor, or an edge cursor, or REST next_cursor).',
}) {
  @Field(() => String, { nullable: true, description: 'Only entries of this folder.' })
  folder?: string | null;

  @Field(() => String, { nullable: true, description: 'Only entries whose latest state has this key (processing, sent, paid…).' })
  state?: string | null;

  @Field(() => DateTimeScalar, { nullable: true, description: 'Only entries created at or before this time (at or after it when ascending).' })
  createdAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Oldest first instead of newest first, as REST ascending; a cursor continues only the order it was made in.' })
  ascending?: boolean | null;
}

/** The list query the entry service takes; GraphQL nulls mean "not given". */
export const listQueryOf = (args: EntriesArgs): ListEntriesQuery => ({
  limit: args.first ?? undefined,
  cursor: args.after ?? undefined,
  folder: args.folder ?? undefined,
  state: args.state ?? undefined,
  createdAt: args.createdAt ?? undefined,
  ascending: args.ascending ?? undefined,
});
