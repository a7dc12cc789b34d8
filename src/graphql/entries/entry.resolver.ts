import type { GraphQLResolveInfo } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Envelope } from '../../document';
import { envelopeOf, type Attachment, type Entry, type Meta } from '../../domain/entries/model/entry';
import { withRawMember } from '../../http/json-slices';
import { entryOf, type GraphQLContext } from '../plumbing/context';
import { CreateEntryInput, restBodyOf } from './create-entry.input';
import { CreateEntryPayload } from './create-entry.payload';
import { EntriesArgs, listQueryOf } from './entries.args';
import { connectionOf, edgeOf, EntryConnectionType } from './entry-connection.type';
import { EntryType } from './entry.type';
import { AttachmentType } from './attachment.type';
import { DATA_COMPLEXITY, PART_COMPLEXITY, pageComplexity } from '../plumbing/limits';
import { MetaType } from './meta.type';
import { EDGE_NODE, NODE_DATA, selectsParts, selectsPath } from '../plumbing/selection';

/** Entries: each field is one call into the entry service, which owns every rule. */
@Resolver(() => EntryType)
export class EntryResolver {
  @Query(() => EntryConnectionType, {
    description: "The entries of the workspace, newest first. A page that selects `data` ends where the request's data budget does (hasNextPage true).",
    complexity: pageComplexity,
  })
  async entries(@Args(() => EntriesArgs) args: EntriesArgs, @Ctx() ctx: GraphQLContext, @Info() info: GraphQLResolveInfo): Promise<EntryConnectionType> {
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
  async createEntry(@Arg('input', () => CreateEntryInput) input: CreateEntryInput, @Ctx() ctx: GraphQLContext): Promise<CreateEntryPayload> {
    const entry = await ctx.entries.createEntry(ctx.workspaceId, restBodyOf(input), { signal: ctx.signal });
    return { entry, entryEdge: edgeOf(ctx.workspaceId, entry), clientMutationId: input.clientMutationId ?? null };
  }

  @FieldResolver(() => Boolean, { deprecationReason: 'Use signed: draft is always !signed.' })
  draft(@Root() entry: Entry): boolean {
    return !entry.signed;
  }

  @FieldResolver(() => GraphQLJSONObject, {
    nullable: true,
    complexity: DATA_COMPLEXITY,
    description: 'The envelope. Read from the database only when selected, for a whole page at once.',
  })
  data(@Root() entry: Entry, @Ctx() ctx: GraphQLContext): Envelope | Promise<Envelope | null> {
    return envelopeOf(entry) ?? ctx.dataOf(entry);
  }

  @FieldResolver(() => [AttachmentType], {
    complexity: PART_COMPLEXITY,
    description: "The entry's files. Read only when selected, for a whole page at once; their JSON counts against the request's data budget.",
  })
  attachments(@Root() entry: Entry, @Ctx() ctx: GraphQLContext): Attachment[] | Promise<Attachment[]> {
    return shownParts(ctx.attachmentsOf(entry), 'meta');
  }

  @FieldResolver(() => [MetaType], {
    complexity: PART_COMPLEXITY,
    description: "The entry's meta rows (not `secure` ones). Read only when selected, for a whole page at once; their JSON counts against the request's data budget.",
  })
  meta(@Root() entry: Entry, @Ctx() ctx: GraphQLContext): Meta[] | Promise<Meta[]> {
    return shownParts(ctx.metaOf(entry), 'value');
  }
}

/**
 * An entry's files or meta rows as shown, now or once read: a `member` not parsed since it was read goes into the
 * answer as its stored text. An entry known to have none is answered at once, without a promise.
 */
function shownParts<T extends object>(parts: T[] | Promise<T[]>, member: keyof T & string): T[] | Promise<T[]> {
  const shown = (list: T[]) => list.map((part) => withRawMember(part, member));
  return Array.isArray(parts) ? shown(parts) : parts.then(shown);
}
