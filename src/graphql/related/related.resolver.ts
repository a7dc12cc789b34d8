import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import type { GraphQLContext } from '../plumbing/context';
import { EntryType } from '../entries/entry.type';
import { pageComplexity } from '../plumbing/limits';
import { RelatedArgs, relatedQueryOf } from './related.args';
import { relatedConnectionOf, RelatedEntryConnectionType } from './related-connection.type';
import { EDGE_NODE, NODE_DATA, selectsParts, selectsPath } from '../plumbing/selection';

/** `Entry.related`: one call into the entry service, as REST's related list. */
@Resolver(() => EntryType)
export class RelatedEntryResolver {
  @FieldResolver(() => RelatedEntryConnectionType, {
    description: 'The entries whose documents name this one, or that its document names; each edge says how (context).',
    complexity: pageComplexity,
  })
  async related(
    @Root() entry: Entry,
    @Args(() => RelatedArgs) args: RelatedArgs,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RelatedEntryConnectionType> {
    const dataBudget = selectsPath(info, NODE_DATA) ? ctx.dataBudget : undefined;
    const page = await ctx.entries.listRelated(ctx.workspaceId, relatedQueryOf(entry.id, args), { dataBudget });
    if (selectsParts(info, EDGE_NODE)) await ctx.knowPartSizes(page.entries);
    return relatedConnectionOf(ctx.workspaceId, page);
  }
}
