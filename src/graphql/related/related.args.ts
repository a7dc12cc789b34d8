import { ArgsType, Field } from 'type-graphql';
import type { RelatedEntriesQuery } from '../../domain/entries/related-entries';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { PagingArgs } from '../plumbing/paging.args';

/** The arguments of `Entry.related`: those of REST's related list, under Relay names. */
@ArgsType()
export class RelatedArgs extends PagingArgs({
  first: 'Page size, as REST limit: default 20; above 100 served as 100; below 1 refused.',
  after: 'A cursor from a previous page of this related list (endCursor, an edge cursor, or REST next_cursor).',
}) {
  @Field(() => String, { nullable: true, description: 'Only entries related this way: preceding, lines.document, previous or uuid.' })
  context?: string | null;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Only entries created at or before this time (at or after it when ascending).',
  })
  createdAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Oldest first instead of newest first.' })
  ascending?: boolean | null;
}

/** The related query the entry service takes, for the entry of this UUID; GraphQL nulls mean "not given". */
export const relatedQueryOf = (uuid: string, args: RelatedArgs): RelatedEntriesQuery => ({
  uuid,
  limit: args.first ?? undefined,
  cursor: args.after ?? undefined,
  context: args.context ?? undefined,
  createdAt: args.createdAt ?? undefined,
  ascending: args.ascending ?? undefined,
});
