import { Field, ObjectType } from 'type-graphql';
import type { EntryPage } from '../../domain/entries/entries.service';
import type { Entry } from '../../domain/entries/model/entry';
import { connectionOf } from '../entries/entry-connection.type';
import { EntryType } from '../entries/entry.type';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';

@ObjectType('RelatedEntryEdge', { simpleResolvers: true })
export class RelatedEntryEdgeType extends RelayEdge<Entry>(
  EntryType,
  'The REST cursor that continues this related list after this entry.',
) {
  @Field(() => String, { description: "How the entry is related: preceding, lines.document, previous or uuid (also the node's context)." })
  context: string;
}

@ObjectType('RelatedEntryConnection', { simpleResolvers: true, description: 'A page of related entries (Relay connection).' })
export class RelatedEntryConnectionType extends RelayConnection(RelatedEntryEdgeType) {}

/** A related page as a connection: the entries' connection, each edge with its node's context. */
export function relatedConnectionOf(workspaceId: string, page: EntryPage): RelatedEntryConnectionType {
  const connection = connectionOf(workspaceId, page);
  const edges = connection.edges.map(
    (edge) =>
      // The edge keeps its lazy cursor: the context is added beside it, not copied with it.
      Object.defineProperty(edge, 'context', { value: edge.node.context ?? '', enumerable: true }) as RelatedEntryEdgeType,
  );
  return { edges, pageInfo: connection.pageInfo };
}
