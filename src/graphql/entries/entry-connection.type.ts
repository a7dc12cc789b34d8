import { ObjectType } from 'type-graphql';
import type { EntryPage } from '../../domain/entries/entries.service';
import type { Entry } from '../../domain/entries/model/entry';
import { encodeCursor } from '../../domain/entries/model/entry-cursor';
import { EntryType } from './entry.type';
import type { PageInfoType } from '../plumbing/page-info.type';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';

@ObjectType('EntryEdge', { simpleResolvers: true })
export class EntryEdgeType extends RelayEdge<Entry>(EntryType, 'The REST cursor that continues the list after this entry.') {}

@ObjectType('EntryConnection', {
  simpleResolvers: true,
  description: 'A page of entries, newest first unless asked oldest first (Relay connection).',
})
export class EntryConnectionType extends RelayConnection(EntryEdgeType) {}

/**
 * The `pageInfo` of a page of a forward-only list: whether there is a next page, the page's first cursor, and
 * where the next page starts (`endCursor`, as each list says).
 */
export function forwardPageInfo(edges: { cursor: string }[], hasNextPage: boolean, endCursor: string | null): PageInfoType {
  return { hasNextPage, hasPreviousPage: false, startCursor: edges[0]?.cursor ?? null, endCursor };
}

/**
 * A page of the entry service as a connection. Each edge's cursor is the REST cursor positioned after
 * its entry, so the last one is the page's `nextCursor` and either API can continue the other's list.
 */
export function connectionOf(workspaceId: string, page: EntryPage): EntryConnectionType {
  const filters = {
    folder: page.folder,
    createdAt: page.createdAt,
    ascending: page.ascending,
    related: page.related,
    context: page.context,
  };
  const cursorAfter = (node: Entry) => encodeCursor(workspaceId, { createdAt: node.createdAt.getTime(), id: node.id }, filters);
  const edges = page.entries.map((node) => lazyEdge(node, cursorAfter));
  const last = page.entries[page.entries.length - 1];
  return {
    edges,
    pageInfo: forwardPageInfo(edges, page.nextCursor !== undefined, page.nextCursor ?? (last ? cursorAfter(last) : null)),
  };
}

/** One entry as an edge of the unfiltered list: its cursor continues `entries` after it. */
export function edgeOf(workspaceId: string, node: Entry): EntryEdgeType {
  return lazyEdge(node, (entry) => encodeCursor(workspaceId, { createdAt: entry.createdAt.getTime(), id: entry.id }, {}));
}

/**
 * An edge whose cursor is made only if a query reads it: most pages ask for nodes alone. A class, its getter on the
 * prototype: an object literal with a getter of its own gets a hidden class of its own, kept in the old generation
 * and holding the getter's closure, so every edge's entry outlived the request until a full collection (a page of
 * GraphQL moved 2.5 times REST's bytes to the old generation).
 */
class LazyEdge implements EntryEdgeType {
  private made?: string;

  constructor(
    readonly node: Entry,
    private readonly cursorAfter: (node: Entry) => string,
  ) {}

  get cursor(): string {
    return (this.made ??= this.cursorAfter(this.node));
  }
}

const lazyEdge = (node: Entry, cursorAfter: (node: Entry) => string): EntryEdgeType => new LazyEdge(node, cursorAfter);
