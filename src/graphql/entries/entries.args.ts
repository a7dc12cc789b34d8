import { ArgsType, Field, registerEnumType } from 'type-graphql';
import type { ListEntriesQuery } from '../../domain/entries/model/list-entries.query';
import { DateTimeScalar } from '../plumbing/date-time.scalar';
import { PagingArgs } from '../plumbing/paging.args';

/** What a list is ordered by; each value is its own name (see entry-event.type.ts on enum values). */
export const EntryOrderEnum = { CREATED_AT: 'CREATED_AT', AMOUNT: 'AMOUNT' } as const;

registerEnumType(EntryOrderEnum, {
  name: 'EntryOrder',
  description: "What `entries` is ordered by, as REST order_by: CREATED_AT (the default), or AMOUNT, the document's payable total.",
  valuesConfig: {
    CREATED_AT: { description: 'Creation time, then id: newest first, oldest first with ascending.' },
    AMOUNT: {
      description:
        'The payable total (totals.payable of invoices, orders and deliveries; total of payments), then id: highest first, lowest first with ' +
        'ascending; entries without one last. Compared as numbers whatever the currency; not with createdAt.',
    },
  },
});

/** The arguments of `Query.entries`: REST's limit, cursor, folder, state, created_at, ascending and order_by under Relay names. */
@ArgsType()
export class EntriesArgs extends PagingArgs({
  first: 'Page size, as REST limit: default 20; above 100 served as 100; below 1 refused.',
  after: 'A cursor from a previous page (endCursor, or an edge cursor, or REST next_cursor).',
}) {
  @Field(() => String, { nullable: true, description: 'Only entries of this folder.' })
  folder?: string | null;

  @Field(() => String, { nullable: true, description: 'Only entries whose latest state has this key (processing, sent, paid…).' })
  state?: string | null;

  @Field(() => DateTimeScalar, {
    nullable: true,
    description: 'Only entries created at or before this time (at or after it when ascending).',
  })
  createdAt?: Date | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Oldest first instead of newest first, as REST ascending; a cursor continues only the order it was made in.',
  })
  ascending?: boolean | null;

  @Field(() => EntryOrderEnum, {
    nullable: true,
    description: 'What the list is ordered by (default CREATED_AT); a cursor continues only the order it was made in.',
  })
  orderBy?: keyof typeof EntryOrderEnum | null;
}

/** The list query the entry service takes; GraphQL nulls mean "not given". */
export const listQueryOf = (args: EntriesArgs): ListEntriesQuery => ({
  limit: args.first ?? undefined,
  cursor: args.after ?? undefined,
  folder: args.folder ?? undefined,
  state: args.state ?? undefined,
  createdAt: args.createdAt ?? undefined,
  ascending: args.ascending ?? undefined,
  orderBy: args.orderBy === 'AMOUNT' ? 'amount' : undefined,
});
