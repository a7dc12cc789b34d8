import { ObjectType } from 'type-graphql';
import type { EntryEvent } from '../../domain/entries/model/entry-event';
import { encodeEventCursor } from '../../domain/events/events.service';
import { EntryEventType } from './entry-event.type';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';
import { forwardPageInfo } from '../entries/entry-connection.type';

@ObjectType('EntryEventEdge', { simpleResolvers: true })
export class EntryEventEdgeType extends RelayEdge<EntryEvent>(
  EntryEventType,
  "The feed's cursor after this event: REST's `cursor`, and `after` of `events` or `entryEvents`.",
) {}

@ObjectType('EntryEventConnection', {
  simpleResolvers: true,
  description: "A page of the workspace's events, oldest first (Relay connection).",
})
export class EntryEventConnectionType extends RelayConnection(EntryEventEdgeType) {}

/**
 * A page of the feed as a connection. `endCursor` is where the next page starts: after the last event shown,
 * or, on an empty page, the feed's own next cursor (past the events the filters left out).
 */
export function eventConnectionOf(
  workspaceId: string,
  events: EntryEvent[],
  hasNextPage: boolean,
  emptyPageCursor: string,
): EntryEventConnectionType {
  const edges = events.map((node) => ({ node, cursor: encodeEventCursor(workspaceId, node.seq) }));
  return {
    edges,
    pageInfo: forwardPageInfo(edges, hasNextPage, edges.at(-1)?.cursor ?? emptyPageCursor),
  };
}
