import { GraphQLJSONObject } from 'graphql-scalars';
import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../plumbing/context';

/** The service's public signing keys, so that anyone can verify a signed envelope. */
@Resolver()
export class KeysResolver {
  @Query(() => GraphQLJSONObject, { description: 'The public keys that verify envelope signatures, as a JWKS ({"keys": [...]}).' })
  signingKeys(@Ctx() ctx: GraphQLContext): Record<string, unknown> {
    return ctx.entries.publicKeys();
  }
}
