import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { Entry } from '../domain/entry';
import { firstVersionOf, type EntryState, type EntryVersion } from '../domain/entry-history';
import type { GraphQLContext } from './context';
import { EntryStateType, EntryVersionType } from './entry-history.type';
import { EntryType } from './entry.type';
import { AddEntryStateInput, UpdateEntryInput, updateBodyOf } from './update-entry.input';
import { AddEntryStatePayload, UpdateEntryPayload } from './update-entry.payload';

/** Changes of entries and their states: each one call into the entry service, as the REST routes make. */
@Resolver(() => EntryType)
export class EntryHistoryResolver {
  @Mutation(() => UpdateEntryPayload, { description: 'Changes an entry, as PATCH /silo/v1/entries/{id} does.' })
  async updateEntry(@Arg('input', () => UpdateEntryInput) input: UpdateEntryInput, @Ctx() ctx: GraphQLContext): Promise<UpdateEntryPayload> {
    const entry = await ctx.entries.updateEntry(ctx.workspaceId, input.id, updateBodyOf(input), { expectedVersion: input.expectedVersion ?? undefined });
    return { entry, clientMutationId: input.clientMutationId ?? null };
  }

  @Mutation(() => AddEntryStatePayload, { description: 'Adds a state to an entry, as POST (or, with `at`, PUT) /silo/v1/entries/{entry_id}/states does.' })
  async addEntryState(@Arg('input', () => AddEntryStateInput) input: AddEntryStateInput, @Ctx() ctx: GraphQLContext): Promise<AddEntryStatePayload> {
    const body = Object.fromEntries(Object.entries({ key: input.key, notes: input.notes, meta: input.meta }).filter(([, value]) => value !== undefined));
    const state = await ctx.entries.putState(ctx.workspaceId, input.entryId, body, { at: input.at ?? undefined });
    const entry = await ctx.entries.getEntry(ctx.workspaceId, input.entryId, { withData: false });
    return { state, entry, clientMutationId: input.clientMutationId ?? null };
  }

  @FieldResolver(() => [EntryVersionType], { description: 'Every version of the envelope, newest first: a list, read with the entry (one query per page).' })
  versions(@Root() entry: Entry): EntryVersion[] {
    return entry.versions ?? [firstVersionOf(entry)];
  }

  @FieldResolver(() => [EntryStateType], { description: 'The states of the entry, newest first (read with one query per entry that selects them).' })
  states(@Root() entry: Entry, @Ctx() ctx: GraphQLContext): Promise<EntryState[]> {
    return ctx.entries.listStates(ctx.workspaceId, entry.id);
  }
}
