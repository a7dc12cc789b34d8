import { Field, ID, InterfaceType } from 'type-graphql';

/** Relay's object identification: anything with a global id that `Query.node` can fetch. Only entries are nodes. */
@InterfaceType('Node', {
  description: 'An object with a global id (Relay). The id of an Entry is its UUID, as in REST.',
})
export abstract class NodeType {
  @Field(() => ID)
  id: string;
}
