import { setTimeout as sleep } from 'node:timers/promises';
import type { EntryEvent } from '../entries/model/entry-event';
import {
  decodeEventCursor,
  MAX_EVENTS_LIMIT,
  MAX_WAIT_SECONDS,
  type EventsService,
  type FeedFilters,
  type FeedQuery,
} from './events.service';
import type { FeedWatch } from './feed-watch';

/** What a follower asks for: the feed's filters, and where to start (a cursor; none: the feed's current end). */
export type FollowQuery = Pick<FeedQuery, 'cursor' | 'types' | 'entryId' | 'folder'>;

/** A page of a followed feed: its events, the place the next page reads after, and that page once asked for. */
interface Page {
  events: readonly EntryEvent[];
  through: number;
  next?: Promise<Page>;
}

const WAIT_MS = MAX_WAIT_SECONDS * 1000;
/**
 * The least time between two page reads of a channel. A feed written to in a burst then gives its followers a few
 * events a page rather than one: one read, and one socket write per follower, for several events. A write after a
 * quiet spell is read at once, so an event alone is not delayed.
 */
export const PAGE_GATHER_MS = 20;

/**
 * The followers of one workspace's feed with the same filters, in this process: they walk one chain of pages,
 * each page read once (when the first of them reaches the end of the chain) for all of them. A page holds its
 * successor once read; the pages no follower stands on any more are left to the garbage collector.
 */
class Channel {
  followers = 0;
  /** The newest page: where a follower that has caught up joins. */
  head: Page;
  /** Ends the read under way when the last follower leaves. */
  private readonly stop = new AbortController();
  /** When the last page was read (0: none yet). */
  private readAt = 0;

  constructor(
    private readonly events: EventsService,
    private readonly workspaceId: string,
    private readonly filters: FeedFilters,
    through: number,
    /** Told when the channel must not be joined any more: its last follower left, or a read failed. */
    private readonly closed: (channel: Channel) => void,
  ) {
    this.head = { events: [], through };
  }

  /** The page after `page`: read by the first follower to ask, shared by the others. */
  after(page: Page): Promise<Page> {
    if (!page.next) {
      const limit = MAX_EVENTS_LIMIT;
      const signal = this.stop.signal;
      const gather = this.readAt + PAGE_GATHER_MS - Date.now();
      const gathered = gather > 0 ? sleep(gather, undefined, { signal }) : Promise.resolve();
      page.next = gathered
        .then(() =>
          this.events.readAfter(this.workspaceId, page.through, { ...this.filters, limit }, { waitMs: WAIT_MS, signal, shared: true }),
        )
        .then((read) => {
          this.readAt = Date.now();
          const next: Page = { events: read.events, through: read.through };
          if (page === this.head) this.head = next;
          return next;
        });
      // A read that failed fails the followers waiting for it (their subscriptions end with its error).
      page.next.catch(() => this.closed(this));
    }
    return page.next;
  }

  leave(): void {
    this.followers -= 1;
    if (this.followers > 0) return;
    this.stop.abort();
    this.closed(this);
  }
}

/** Thrown into a follower's wait when its signal aborts: it ends at once rather than at the next page. */
const LEFT = Symbol('left');

/**
 * A workspace's events as streams, in the feed's order, none skipped and none twice. Each follower reads its first
 * page itself (so a bad filter or cursor, `input` or `gone`, is refused before its stream is returned), catches up
 * alone if it starts behind, then joins the followers of the same feed and filters in this process, who read each
 * later page once between them: a hundred subscriptions of one front end cost one read per write, not a hundred.
 * The reads wait on the feed's watch, which also sees other processes' writes: every event comes from the feed
 * itself, never from a message, so the streams are exact across processes. There are as many channels as
 * distinct filters followed (bounded by the subscriptions' own bounds); each ends with its last follower.
 */
export class FeedFollowers {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly events: EventsService,
    private readonly watch: FeedWatch,
  ) {}

  /** Channels open now. */
  get size(): number {
    return this.channels.size;
  }

  async follow(workspaceId: string, query: FollowQuery, signal: AbortSignal): Promise<AsyncGenerator<EntryEvent, void, undefined>> {
    const filters = this.events.filtersOf(query);
    const cursor = query.cursor ?? (await this.events.endCursor(workspaceId));
    const first = await this.events.feed(workspaceId, { ...query, cursor, limit: MAX_EVENTS_LIMIT, signal });
    return this.walk(workspaceId, filters, { events: first.events, through: decodeEventCursor(workspaceId, first.nextCursor) }, signal);
  }

  private async *walk(
    workspaceId: string,
    filters: FeedFilters,
    first: Page,
    signal: AbortSignal,
  ): AsyncGenerator<EntryEvent, void, undefined> {
    const stopped = () => signal.aborted || this.watch.isClosed;
    let leave: ((reason: unknown) => void) | undefined;
    const onAbort = () => leave?.(LEFT);
    signal.addEventListener('abort', onAbort, { once: true });
    const waitFor = (next: Promise<Page>) =>
      new Promise<Page>((resolve, reject) => {
        leave = reject;
        next.then(resolve, reject);
      });

    let page = first;
    let channel: Channel | undefined;
    /** The place through which this follower has every event: a page read before it joined may overlap it. */
    let passed = -1;
    try {
      for (;;) {
        for (const event of page.events) {
          if (stopped()) return;
          if (event.seq > passed) yield event;
        }
        passed = Math.max(passed, page.through);
        if (stopped()) return;
        if (channel) {
          page = await waitFor(channel.after(page));
          continue;
        }
        channel = this.join(workspaceId, filters, passed);
        if (channel) {
          // Joined at the channel's newest page, which stands where this follower does or before it.
          page = await waitFor(channel.after(channel.head));
          continue;
        }
        // The channel is ahead: read on alone (the feed has events past `passed`, so this read does not wait long).
        const read = await waitFor(
          this.events.readAfter(workspaceId, passed, { ...filters, limit: MAX_EVENTS_LIMIT }, { waitMs: WAIT_MS, signal }),
        );
        page = { events: read.events, through: read.through };
      }
    } catch (error) {
      if (error !== LEFT) throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
      channel?.leave();
    }
  }

  /**
   * The channel of this feed and filters for a follower that has every event through `passed`, made if there is
   * none; none when the channel is past that place (the follower catches up alone first).
   */
  private join(workspaceId: string, filters: FeedFilters, passed: number): Channel | undefined {
    const key = JSON.stringify([
      workspaceId,
      filters.types ? [...filters.types].sort() : null,
      filters.entryId ?? null,
      filters.folder ?? null,
    ]);
    let channel = this.channels.get(key);
    if (channel && channel.head.through > passed) return undefined;
    if (!channel) {
      channel = new Channel(this.events, workspaceId, filters, passed, (closed) => {
        if (this.channels.get(key) === closed) this.channels.delete(key);
      });
      this.channels.set(key, channel);
    }
    channel.followers += 1;
    return channel;
  }
}
