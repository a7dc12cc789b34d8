import { Field, ObjectType } from 'type-graphql';
import type { ClassType } from 'type-graphql';
import { PageInfoType } from './page-info.type';

/**
 * A Relay connection's types, written once (TypeGraphQL's generic types): `RelayEdge` gives an edge of a node
 * type, `RelayConnection` a connection of an edge type. Each list names its own classes by extending them,
 * `@ObjectType('XEdge') class XEdgeType extends RelayEdge<X>(XType, ...) {}`, and adds what it has besides
 * (a related edge's `context`, a history's `totalCount`). The abstract classes are reached by no field, so
 * the schema holds only the named ones.
 */
export function RelayEdge<TNode>(nodeType: ClassType, cursorDescription: string) {
  @ObjectType({ simpleResolvers: true })
  abstract class Edge {
    @Field(() => String, { description: cursorDescription })
    cursor: string;

    @Field(() => nodeType)
    node: TNode;
  }
  return Edge;
}

export function RelayConnection<TEdge extends object>(edgeType: ClassType<TEdge>) {
  @ObjectType({ simpleResolvers: true })
  abstract class Connection {
    @Field(() => [edgeType])
    edges: TEdge[];

    @Field(() => PageInfoType)
    pageInfo: PageInfoType;
  }
  return Connection;
}
