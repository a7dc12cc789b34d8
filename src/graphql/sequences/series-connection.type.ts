import { GraphQLSafeInt } from 'graphql-scalars';
import { ArgsType, Field, Int, ObjectType } from 'type-graphql';
import type { Series, SeriesEntry } from '../../domain/sequences/series';
import { MAX_SERIES_PER_WORKSPACE } from '../../domain/sequences/series';
import {
  DEFAULT_ENTRIES_LIMIT,
  DEFAULT_VERIFY_LIMIT,
  MAX_ENTRIES_LIMIT,
  MAX_VERIFY_LIMIT,
  seriesEntryCursorOf,
  type SeriesEntryPage,
} from '../../domain/sequences/sequences.service';
import { badInput } from '../../domain/shared/errors';
import { forwardPageInfo } from '../entries/entry-connection.type';
import { PagingArgs } from '../plumbing/paging.args';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';
import { SeriesEntryType, SeriesType } from './series.type';

/** `series` pages what REST lists whole (every series of the workspace, at most MAX_SERIES_PER_WORKSPACE). */
export const DEFAULT_SERIES_PAGE = 100;

@ObjectType('SeriesEdge', { simpleResolvers: true })
export class SeriesEdgeType extends RelayEdge<Series>(SeriesType, "The series' id: `after` of `series` for the series after it.") {}

@ObjectType('SeriesConnection', {
  simpleResolvers: true,
  description: "A page of the workspace's series, oldest first (Relay connection).",
})
export class SeriesConnectionType extends RelayConnection(SeriesEdgeType) {}

@ObjectType('SeriesEntryEdge', { simpleResolvers: true })
export class SeriesEntryEdgeType extends RelayEdge<SeriesEntry>(
  SeriesEntryType,
  "REST's `cursor` after this entry: `after` of `Series.entries` for the entries before it.",
) {}

@ObjectType('SeriesEntryConnection', {
  simpleResolvers: true,
  description: "A page of a series' entries, newest first (Relay connection).",
})
export class SeriesEntryConnectionType extends RelayConnection(SeriesEntryEdgeType) {}

/** The arguments of `Query.series`. */
@ArgsType()
export class SeriesListArgs extends PagingArgs({
  first: `Series per page, 1 to ${MAX_SERIES_PER_WORKSPACE} (default ${DEFAULT_SERIES_PAGE}): a workspace has at most ${MAX_SERIES_PER_WORKSPACE}.`,
  after: 'endCursor of the previous page (a series id); none: from the oldest series.',
}) {}

/** The arguments of `Series.entries`: REST's limit and cursor under Relay names. */
@ArgsType()
export class SeriesEntriesArgs extends PagingArgs({
  first: `Entries per page, 1 to ${MAX_ENTRIES_LIMIT} (default ${DEFAULT_ENTRIES_LIMIT}).`,
  after: "endCursor of the previous page (REST's `cursor`); none: from the newest entry.",
}) {}

/** The arguments of `Series.verification`: REST's `from` and `limit`. */
@ArgsType()
export class SeriesVerificationArgs {
  @Field(() => GraphQLSafeInt, {
    nullable: true,
    description: "The index to check from (REST `from`, a `nextFrom`); the series' start by default.",
  })
  from?: number | null;

  @Field(() => Int, {
    nullable: true,
    description: `Entries to check, 1 to ${MAX_VERIFY_LIMIT} (default ${DEFAULT_VERIFY_LIMIT}); it costs a tenth of that against the complexity limit.`,
  })
  limit?: number | null;
}

/** One page of the whole list of series, cut after the series `after` names. */
export function seriesConnectionOf(all: Series[], args: SeriesListArgs): SeriesConnectionType {
  const first = args.first ?? DEFAULT_SERIES_PAGE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_SERIES_PER_WORKSPACE)
    throw badInput(`first must be 1 to ${MAX_SERIES_PER_WORKSPACE}`, { first: `must be 1 to ${MAX_SERIES_PER_WORKSPACE}` });
  let start = 0;
  if (args.after) {
    const place = all.findIndex((series) => series.id === args.after!.toLowerCase());
    if (place < 0) throw badInput('after is not a cursor of this list', { after: 'is not a cursor of this list' });
    start = place + 1;
  }
  const edges = all.slice(start, start + first).map((node) => ({ node, cursor: node.id }));
  return { edges, pageInfo: forwardPageInfo(edges, start + first < all.length, edges.at(-1)?.cursor ?? null) };
}

/** A page of the service as a connection: each edge's cursor is REST's after its entry, the last one the page's `cursor`. */
export function seriesEntryConnectionOf(page: SeriesEntryPage): SeriesEntryConnectionType {
  const edges = page.list.map((node) => ({ node, cursor: seriesEntryCursorOf(node.index) }));
  return { edges, pageInfo: forwardPageInfo(edges, page.cursor !== undefined, page.cursor ?? edges.at(-1)?.cursor ?? null) };
}
