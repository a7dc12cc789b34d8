import type { EntryEvent } from './entry-event';
import { MAX_EVENTS_LIMIT, MAX_WAIT_SECONDS, type EventsService, type FeedPage, type FeedQuery } from './events.service';
import type { FeedWatch } from './feed-watch';

/** What a follower asks for: the feed's filters, and where to start (a cursor; none: the feed's current end). */
export type FollowQuery = Pick<FeedQuery, 'cursor' | 'types' | 'entryId' | 'folder'>;

/**
 * A workspace's events as a stream, in the feed's order, none skipped and none twice: reads a page, then waits
 * on the feed's watch (which also sees other processes' writes) and reads again, until `signal` aborts or the
 * process closes. Exact across processes, since every event comes from the feed itself, never from a message.
 * The first page is read before the stream is returned, so a bad filter or cursor (`input`, `gone`) is refused
 * here rather than on the stream's first read.
 */
export async function followFeed(
  events: EventsService,
  watch: FeedWatch,
  workspaceId: string,
  query: FollowQuery,
  signal: AbortSignal,
): Promise<AsyncGenerator<EntryEvent, void, undefined>> {
  const cursor = query.cursor ?? (await events.endCursor(workspaceId));
  const first = await events.feed(workspaceId, { ...query, cursor, limit: MAX_EVENTS_LIMIT, signal });
  // Later pages follow the feed: read with the other followers woken by the same write (one query for all).
  const next = (after: string) => events.feed(workspaceId, { ...query, cursor: after, limit: MAX_EVENTS_LIMIT, waitSeconds: MAX_WAIT_SECONDS, signal, follower: true });
  return pagesFrom(first, next, () => signal.aborted || watch.isClosed);
}

async function* pagesFrom(first: FeedPage, next: (cursor: string) => Promise<FeedPage>, stopped: () => boolean): AsyncGenerator<EntryEvent, void, undefined> {
  let page = first;
  for (;;) {
    for (const event of page.events) {
      if (stopped()) return;
      yield event;
    }
    if (stopped()) return;
    page = await next(page.nextCursor);
  }
}
