import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Entry } from '../../domain/entries/model/entry';
import type { GraphQLContext } from '../plumbing/context';
import { NodeType } from './node.type';

/** Relay's `node(id)`: entries are the only nodes, and a node id is the entry's UUID. */
@Resolver()
export class NodeResolver {
  @Query(() => NodeType, { nullable: true, description: 'Any object by its global id (an Entry by its UUID).' })
  node(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Entry> {
    return ctx.entries.getEntry(ctx.workspaceId, id, { withData: false, withParts: false });
  }
}
