import type { ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { MAX_SERIES_PER_WORKSPACE, type Series, type SeriesEntry } from '../../domain/sequences/series';
import {
  DEFAULT_ENTRIES_LIMIT,
  DEFAULT_VERIFY_LIMIT,
  MAX_ENTRIES_LIMIT,
  MAX_VERIFY_LIMIT,
  type SequencesService,
} from '../../domain/sequences/sequences.service';
import { DomainError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../plumbing/context';
import { domainBodyOf } from '../plumbing/input-names';
import { pagedComplexity, PART_COMPLEXITY } from '../plumbing/limits';
import {
  DEFAULT_SERIES_PAGE,
  SeriesConnectionType,
  seriesConnectionOf,
  SeriesEntriesArgs,
  SeriesEntryConnectionType,
  seriesEntryConnectionOf,
  SeriesListArgs,
  SeriesVerificationArgs,
} from './series-connection.type';
import { PutSeriesInput, PutSeriesPayload } from './series.input';
import { SeriesEntryType, SeriesType, SeriesVerificationType } from './series.type';

const sequencesOf = (ctx: GraphQLContext): SequencesService => {
  if (!ctx.sequences) throw new DomainError('unavailable', 'series of codes are not served here');
  return ctx.sequences;
};

/** Entries a verification checks for each unit of cost: checking a signature is far dearer than showing a field. */
const CHECKS_PER_COST = 10;

/** A verification's cost: a tenth of the entries it may check (`limit`, priced at its value), at most MAX_VERIFY_LIMIT. */
const verificationComplexity = ({ args, childComplexity }: ComplexityEstimatorArgs) => {
  const limit = typeof args.limit === 'number' && args.limit > 0 ? Math.min(args.limit, MAX_VERIFY_LIMIT) : DEFAULT_VERIFY_LIMIT;
  return PART_COMPLEXITY + Math.ceil(limit / CHECKS_PER_COST) + childComplexity;
};

/**
 * Series of codes, as REST's /sequence/v1 serves them: each field one call into SequencesService, which owns every
 * rule (gapless indexes, the same id answering the same code, the chain's signatures) and every error.
 */
@Resolver(() => SeriesType)
export class SeriesResolver {
  @Query(() => SeriesConnectionType, {
    description: `The workspace's series, oldest first (REST GET /sequence/v1/series lists them whole: at most ${MAX_SERIES_PER_WORKSPACE}).`,
    complexity: pagedComplexity(DEFAULT_SERIES_PAGE, MAX_SERIES_PER_WORKSPACE),
  })
  async series(@Args(() => SeriesListArgs) args: SeriesListArgs, @Ctx() ctx: GraphQLContext): Promise<SeriesConnectionType> {
    return seriesConnectionOf(await sequencesOf(ctx).listSeries(ctx.workspaceId), args);
  }

  @Query(() => SeriesType, { nullable: true, description: 'One series by its id; NOT_FOUND when the workspace has none.' })
  seriesById(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Series> {
    return sequencesOf(ctx).findSeries(ctx.workspaceId, id);
  }

  @Mutation(() => PutSeriesPayload, {
    description:
      'Creates the series with this id, or answers it as it is, as PUT /sequence/v1/series/{id} does. Asked again with other values, its name, code and description change; its prefix, suffix, padding and start only while it has no entry (CONFLICT after).',
  })
  async putSeries(
    @Arg('id', () => ID, { description: "The series' id: a UUID of your own." }) id: string,
    @Arg('input', () => PutSeriesInput, { nullable: true }) input: PutSeriesInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PutSeriesPayload> {
    const series = await sequencesOf(ctx).putSeries(ctx.workspaceId, id, domainBodyOf(input ?? {}));
    return { series, clientMutationId: input?.clientMutationId ?? null };
  }

  @Mutation(() => SeriesEntryType, {
    description:
      "Gives the entry `id` the series' next code, as PUT /sequence/v1/series/{series_id}/entries/{id} does: no gap, no repeat, whatever runs at once. The same id again answers the same entry and takes no second code; with other meta, or in another series, CONFLICT.",
  })
  nextSequenceCode(
    @Arg('seriesId', () => ID) seriesId: string,
    @Arg('id', () => ID, { description: "The entry's id: a UUID of your own (the id of the document it numbers, say)." }) id: string,
    @Arg('meta', () => GraphQLJSONObject, { nullable: true, description: 'Your own key/value pairs (string values), kept with the entry.' })
    meta: Record<string, unknown> | null,
    @Arg('sig', () => String, { nullable: true, description: "A signature of your own over the entry: kept after the service's own." })
    sig: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SeriesEntry> {
    return sequencesOf(ctx).putEntry(ctx.workspaceId, seriesId, id, domainBodyOf({ meta, sig }));
  }

  @FieldResolver(() => SeriesEntryConnectionType, {
    description: `The series' entries, newest (highest index) first (REST GET /sequence/v1/series/{id}/entries): 1 to ${MAX_ENTRIES_LIMIT} a page, ${DEFAULT_ENTRIES_LIMIT} by default.`,
    complexity: pagedComplexity(DEFAULT_ENTRIES_LIMIT, MAX_ENTRIES_LIMIT, PART_COMPLEXITY),
  })
  async entries(
    @Root() series: Series,
    @Args(() => SeriesEntriesArgs) args: SeriesEntriesArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SeriesEntryConnectionType> {
    const page = await sequencesOf(ctx).entries(ctx.workspaceId, series.id, {
      limit: args.first ?? undefined,
      cursor: args.after ?? undefined,
    });
    return seriesEntryConnectionOf(page);
  }

  @FieldResolver(() => SeriesEntryType, { nullable: true, description: 'One entry of the series by its id; NOT_FOUND when it has none.' })
  entry(@Root() series: Series, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<SeriesEntry> {
    return sequencesOf(ctx).findEntry(ctx.workspaceId, series.id, id);
  }

  @FieldResolver(() => SeriesVerificationType, {
    description:
      "Checks the series' chain now (REST GET /sequence/v1/series/{id}/verify): the first break, or where to go on (`nextFrom`) when the check stopped at its limit.",
    complexity: verificationComplexity,
  })
  async verification(
    @Root() series: Series,
    @Args(() => SeriesVerificationArgs) args: SeriesVerificationArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SeriesVerificationType> {
    const verdict = await sequencesOf(ctx).verify(ctx.workspaceId, series.id, {
      fromIndex: args.from ?? undefined,
      limit: args.limit ?? undefined,
    });
    return {
      valid: verdict.valid,
      checked: verdict.checked,
      from: verdict.fromIndex,
      nextFrom: verdict.nextIndex,
      firstBreak: verdict.firstBreak,
    };
  }
}
