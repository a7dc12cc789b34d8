import DataLoader from 'dataloader';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import { firstVersionOf, type EntryState, type EntryVersion } from '../../domain/entries/model/entry-history';
import type { GraphQLContext } from '../plumbing/context';
import { EntryVersionDataType } from './entry-history.type';
import {
  EntryStateConnectionType,
  EntryStatesArgs,
  EntryVersionConnectionType,
  EntryVersionsArgs,
  listCursorId,
  pageOfList,
  pageSizeOf,
} from './history-connection.type';
import { badInput } from '../../domain/shared/errors';
import { EntryType } from '../entries/entry.type';
import { ADD_ENTRY_STATE_OUTSIDE, AddEntryStateInput, UPDATE_ENTRY_OUTSIDE, UpdateEntryInput } from './update-entry.input';
import { domainBodyOf } from '../plumbing/input-names';
import { AddEntryStatePayload, UpdateEntryPayload } from './update-entry.payload';
import { PART_COMPLEXITY } from '../plumbing/limits';
import { VERSIONS_SHOWN } from '../../domain/entries/entries.service';

/** Changes of entries and their states: each one call into the entry service, as the REST routes make. */
@Resolver(() => EntryType)
export class EntryHistoryResolver {
  @Mutation(() => UpdateEntryPayload, { description: 'Changes an entry, as PATCH /silo/v1/entries/{id} does.' })
  async updateEntry(
    @Arg('input', () => UpdateEntryInput) input: UpdateEntryInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UpdateEntryPayload> {
    const options = { expectedVersion: input.expectedVersion ?? undefined, signal: ctx.signal };
    const entry = await ctx.entries.updateEntry(ctx.workspaceId, input.id, domainBodyOf(input, { outside: UPDATE_ENTRY_OUTSIDE }), options);
    return { entry, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => AddEntryStatePayload, {
    description: 'Adds a state to an entry, as POST (or, with `at`, PUT) /silo/v1/entries/{entry_id}/states does.',
  })
  async addEntryState(
    @Arg('input', () => AddEntryStateInput) input: AddEntryStateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AddEntryStatePayload> {
    const body = domainBodyOf(input, { outside: ADD_ENTRY_STATE_OUTSIDE });
    const state = await ctx.entries.putState(ctx.workspaceId, input.entryId, body, { at: input.at ?? undefined });
    const entry = await ctx.entries.getEntry(ctx.workspaceId, input.entryId, { withData: false, withParts: false });
    return { state, entry, clientMutationId: input.clientMutationId ?? null };
  }

  @FieldResolver(() => EntryVersionConnectionType, {
    complexity: PART_COMPLEXITY,
    description: `The versions of the envelope, newest first (totalCount counts them all): the newest ${VERSIONS_SHOWN} are read only when selected, for a whole page of entries at once; pages past them are read after their cursor.`,
  })
  async versions(
    @Root() entry: Entry,
    @Ctx() ctx: GraphQLContext,
    @Args(() => EntryVersionsArgs) { first, after }: EntryVersionsArgs,
  ): Promise<EntryVersionConnectionType> {
    // An entry never changed has no version rows: its one version is the entry as created.
    const shown = entry.versions ? { versions: entry.versions, total: entry.versions.length } : await ctx.loaders.versions.load(entry.id);
    const versions = shown?.versions ?? [firstVersionOf(entry)];
    const total = shown?.total ?? 1;
    const idOf = (v: EntryVersion) => v.version;
    const afterId = after ? listCursorId(after) : undefined;
    const size = pageSizeOf(first);
    const place = versions.findIndex((v) => v.version === afterId);
    if (total > versions.length && afterId !== undefined && (place === -1 || place + 1 + size > versions.length)) {
      // A page that goes past the newest VERSIONS_SHOWN, which a page of entries reads: read after the cursor's version.
      const older = await ctx.entries.versionsBefore(ctx.workspaceId, entry.id, afterId, size + 1);
      if (!older) throw badInput('after is not a cursor of this list', { after: 'is not a cursor of this list' });
      const page = pageOfList(older.slice(0, size), idOf, { first });
      return { ...page, totalCount: total, pageInfo: { ...page.pageInfo, hasNextPage: older.length > size } };
    }
    const page = pageOfList(versions, idOf, { first, after });
    // A page that ends the versions read goes on when the entry has older ones.
    const more =
      total > versions.length && page.edges.length > 0 && page.edges[page.edges.length - 1].node === versions[versions.length - 1];
    return { ...page, totalCount: total, pageInfo: { ...page.pageInfo, hasNextPage: page.pageInfo.hasNextPage || more } };
  }

  @FieldResolver(() => EntryStateConnectionType, {
    description: 'The states of the entry, newest first (those of a whole page of entries in one query).',
  })
  async states(
    @Root() entry: Entry,
    @Ctx() ctx: GraphQLContext,
    @Args(() => EntryStatesArgs) { first, after }: EntryStatesArgs,
  ): Promise<EntryStateConnectionType> {
    return pageOfList(await statesLoader(ctx).load(entry.id), (s: EntryState) => s.id, { first, after });
  }

  @Query(() => EntryVersionDataType, {
    nullable: true,
    description: 'The envelope of one version of an entry, as GET /silo/v1/entries/{id}/versions/{version}.',
  })
  async entryVersion(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => String) version: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EntryVersionDataType> {
    const found = await ctx.entries.entryVersion(ctx.workspaceId, id, version);
    return { version: found.version, data: JSON.parse(found.dataJson) as Record<string, unknown> };
  }
}

/** One loader of states per request (kept beside its context): the entries of a page share one query. */
const loaders = new WeakMap<GraphQLContext, DataLoader<string, EntryState[]>>();
function statesLoader(ctx: GraphQLContext): DataLoader<string, EntryState[]> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const found = await ctx.entries.statesOf(ctx.workspaceId, [...ids]);
      return ids.map((id) => found.get(id) ?? []);
    });
    loaders.set(ctx, loader);
  }
  return loader;
}
