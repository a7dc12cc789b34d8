import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { badInput } from '../../domain/shared/errors';
import type { EntryState, EntryVersion } from '../../domain/entries/model/entry-history';
import { EntryStateType, EntryVersionType } from './entry-history.type';
import { PagingArgs } from '../plumbing/paging.args';
import { RelayConnection, RelayEdge } from '../plumbing/relay-connection.type';
import { forwardPageInfo } from '../entries/entry-connection.type';

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;

/** A connection of one of an entry's lists (its versions, its states), with how many the list holds. */
function EntryListConnection<TEdge extends object>(edgeType: ClassType<TEdge>, countDescription: string) {
  @ObjectType({ simpleResolvers: true })
  abstract class EntryListConnection extends RelayConnection(edgeType) {
    @Field(() => Int, { description: countDescription })
    totalCount: number;
  }
  return EntryListConnection;
}

/** The paging arguments of one of an entry's lists, of `items` per page. */
const EntryListArgs = (items: string) =>
  PagingArgs({ first: `${items} per page, 1 to ${HISTORY_PAGE_MAX} (default ${HISTORY_PAGE_DEFAULT}).` });

@ObjectType('EntryVersionEdge', { simpleResolvers: true })
export class EntryVersionEdgeType extends RelayEdge<EntryVersion>(EntryVersionType, 'Continues the list after this version.') {}

@ObjectType('EntryVersionConnection', { simpleResolvers: true, description: 'Versions of an entry, newest first (Relay connection).' })
export class EntryVersionConnectionType extends EntryListConnection(EntryVersionEdgeType, 'How many versions the entry has.') {}

/** The arguments of `Entry.versions`. */
@ArgsType()
export class EntryVersionsArgs extends EntryListArgs('Versions') {}

@ObjectType('EntryStateEdge', { simpleResolvers: true })
export class EntryStateEdgeType extends RelayEdge<EntryState>(EntryStateType, 'Continues the list after this state.') {}

@ObjectType('EntryStateConnection', { simpleResolvers: true, description: 'States of an entry, newest first (Relay connection).' })
export class EntryStateConnectionType extends EntryListConnection(EntryStateEdgeType, 'How many states the entry has.') {}

/** The arguments of `Entry.states`. */
@ArgsType()
export class EntryStatesArgs extends EntryListArgs('States') {}

/** A page's size: `first`, 1 to HISTORY_PAGE_MAX, by default HISTORY_PAGE_DEFAULT. */
export function pageSizeOf(first: number | null | undefined): number {
  const size = first ?? HISTORY_PAGE_DEFAULT;
  if (!Number.isInteger(size) || size < 1 || size > HISTORY_PAGE_MAX) {
    throw badInput(`first must be 1 to ${HISTORY_PAGE_MAX}`, { first: `must be 1 to ${HISTORY_PAGE_MAX}` });
  }
  return size;
}

/** The cursor that names an item of a list by its id. */
export const listCursorOf = (id: string) => Buffer.from(`item:${id}`).toString('base64url');

/** The id a cursor of listCursorOf names; undefined for text that is no such cursor. */
export function listCursorId(cursor: string): string | undefined {
  const text = Buffer.from(cursor, 'base64url').toString();
  return text.startsWith('item:') ? text.slice('item:'.length) : undefined;
}

/**
 * One page of a list an entry holds whole (its versions, its states: a few each). A cursor names the item it
 * follows, not a position, so a version or state added at the head while a client pages does not shift the
 * pages after it.
 */
export function pageOfList<T>(items: T[], idOf: (item: T) => string, args: { first?: number | null; after?: string | null }) {
  const first = pageSizeOf(args.first);
  const cursorOf = (item: T) => listCursorOf(idOf(item));
  let start = 0;
  if (args.after) {
    const index = items.findIndex((item) => cursorOf(item) === args.after);
    if (index < 0) throw badInput('after is not a cursor of this list', { after: 'is not a cursor of this list' });
    start = index + 1;
  }
  const page = items.slice(start, start + first);
  const edges = page.map((node) => ({ node, cursor: cursorOf(node) }));
  return {
    edges,
    totalCount: items.length,
    pageInfo: forwardPageInfo(edges, start + first < items.length, edges[edges.length - 1]?.cursor ?? null),
  };
}
