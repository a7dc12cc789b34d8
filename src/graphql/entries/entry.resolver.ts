import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, ID, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import { entryOf, type GraphQLContext } from '../plumbing/context';
import { CreateEntryInput } from './create-entry.input';
import { CreateEntryPayload } from './create-entry.payload';
import { EntriesArgs, listQueryOf } from './entries.args';
import { connectionOf, edgeOf, EntryConnectionType } from './entry-connection.type';
import { EntryType } from './entry.type';
import { domainTextOf } from '../plumbing/input-names';
import { pageComplexity } from '../plumbing/limits';
import { EDGE_NODE, NODE_DATA, selectsParts, selectsPath } from '../plumbing/selection';

/** Entries: each query and mutation is one call into the entry service, which owns every rule. Entry's own fields are declared, with their resolvers, in entry.type.ts. */
@Resolver(() => EntryType)
export class EntryResolver {
  @Query(() => EntryConnectionType, {
    description:
      "The entries of the workspace, newest first. A page that selects `data` ends where the request's data budget does (hasNextPage true).",
    complexity: pageComplexity,
  })
  async entries(
    @Args(() => EntriesArgs) args: EntriesArgs,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EntryConnectionType> {
    // A page that shows `data` is measured against the request's budget before any data is read.
    const dataBudget = selectsPath(info, NODE_DATA) ? ctx.dataBudget : undefined;
    const page = await ctx.entries.listEntries(ctx.workspaceId, listQueryOf(args), { dataBudget });
    if (selectsParts(info, EDGE_NODE)) await ctx.knowPartSizes(page.entries);
    return connectionOf(ctx.workspaceId, page);
  }

  // ID, as `node(id)` and every entry's `id`: clients' caches and generated types treat ids as ID. A text that is not a UUID is BAD_USER_INPUT.
  @Query(() => EntryType, { nullable: true, description: 'One entry by its id (a UUID); NOT_FOUND when the workspace has none.' })
  async entry(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Entry> {
    // Read once however many aliases name it; each place it is shown is an entry of its own, paid for apart.
    return { ...(await entryOf(ctx.loaders, id)) };
  }

  @Query(() => EntryType, { nullable: true, description: 'One entry by its idempotency key; NOT_FOUND when the workspace has none.' })
  entryByKey(@Arg('key', () => String) key: string, @Ctx() ctx: GraphQLContext): Promise<Entry> {
    return ctx.entries.getEntryByKey(ctx.workspaceId, key, { withData: false, withParts: false });
  }

  @Mutation(() => CreateEntryPayload, { description: 'Creates an entry, as POST /silo/v1/entries does.' })
  async createEntry(
    @Arg('input', () => CreateEntryInput) input: CreateEntryInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CreateEntryPayload> {
    const entry = await ctx.entries.createEntry(ctx.workspaceId, domainTextOf(input), { signal: ctx.signal });
    ctx.knowPartsOf(entry);
    return { entry, entryEdge: edgeOf(ctx.workspaceId, entry), clientMutationId: input.clientMutationId ?? null };
  }
}
