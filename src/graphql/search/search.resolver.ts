import type { GraphQLResolveInfo } from 'graphql';
import { Args, ArgsType, Ctx, Field, Info, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { ComplexityEstimatorArgs } from 'graphql-query-complexity';
import type { Entry } from '../../domain/entries/model/entry';
import { DomainError } from '../../domain/shared/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../domain/entries/model/list-entries.query';
import type { GraphQLContext } from '../plumbing/context';
import { EntryType } from '../entries/entry.type';
import { selectsParts } from '../plumbing/selection';

/** The arguments of `Query.search`: REST's q, folder, limit and offset. */
@ArgsType()
export class SearchArgs {
  @Field(() => String, {
    description:
      'The words to look for, in any order: an entry matches when it has every one; a word ending in * matches the words it begins.',
  })
  q: string;

  @Field(() => String, { nullable: true, description: 'Only entries of this folder.' })
  folder?: string | null;

  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20); outside that range BAD_USER_INPUT.' })
  limit?: number | null;

  @Field(() => Int, { nullable: true, description: 'Matches to skip (default 0); offset + limit is at most 1000.' })
  offset?: number | null;
}

@ObjectType('SearchResults', {
  simpleResolvers: true,
  description: 'A page of search results, best match first: offset paging, not a connection.',
})
export class SearchResultsType {
  @Field(() => String)
  query: string;

  @Field(() => String, { nullable: true })
  folder: string | null;

  @Field(() => Int)
  limit: number;

  @Field(() => Int)
  offset: number;

  @Field(() => [EntryType])
  entries: Entry[];
}

const searchComplexity = ({ args, childComplexity }: ComplexityEstimatorArgs) =>
  1 + (typeof args.limit === 'number' && args.limit > 0 ? Math.min(args.limit, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE) * childComplexity;

/** Free-text search: one call into the search service, as GET /silo/v1/search. */
@Resolver()
export class SearchResolver {
  @Query(() => SearchResultsType, {
    description: 'The entries of the workspace that match every word of `q`, best match first.',
    complexity: searchComplexity,
  })
  async search(
    @Args(() => SearchArgs) args: SearchArgs,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchResultsType> {
    if (!ctx.search) throw new DomainError('internal', 'search is not configured');
    const page = await ctx.search.search(ctx.workspaceId, {
      q: args.q,
      folder: args.folder ?? undefined,
      limit: args.limit ?? undefined,
      offset: args.offset ?? undefined,
    });
    if (selectsParts(info, ['entries'])) await ctx.knowPartSizes(page.entries);
    return { query: page.query, folder: page.folder ?? null, limit: page.limit, offset: page.offset, entries: page.entries };
  }
}
