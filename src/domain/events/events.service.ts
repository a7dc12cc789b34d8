import { EVENT_TYPES, isEventType, type EntryEvent, type EventType } from '../entries/model/entry-event';
import type { EventSlice, EventStore, FeedState } from './event-store';
import { SharedReads } from '../runtime';
import { DomainError, badInput } from '../shared/errors';
import type { FeedWatch } from './feed-watch';
import { checkEntryId } from '../entries/update-entry';
import { workspaceTag } from '../shared/workspace-tag';

export const DEFAULT_EVENTS_LIMIT = 50;
export const MAX_EVENTS_LIMIT = 500;
/** The longest a read of the feed may wait for its first event (`wait`). */
export const MAX_WAIT_SECONDS = 30;
/**
 * Places one read of the feed looks at, at most, whatever its filters: a filter that matches few events never makes
 * a read scan the whole feed; an empty page then moves its cursor past what it looked at.
 */
export const READ_WINDOW = 10_000;
/** Events deleted per statement of the retention sweep: a run never holds the database long. */
const PRUNE_BATCH = 1000;
/** Batches per sweep, at most: the next sweep goes on where this one stopped. */
const PRUNE_RUNS = 100;
const PRUNE_INTERVAL_MS = 60_000;

/** What a read of the feed asks for, as the adapters pass it on (checked here). */
export interface FeedQuery {
  cursor?: string;
  types?: readonly string[];
  entryId?: string;
  folder?: string;
  limit?: number;
  /** Seconds to hold an empty answer open for an event (long poll). */
  waitSeconds?: number;
  /**
   * A follower of the feed (a subscription): its reads may share a query with other followers' (see
   * EventsService.sharedStates). A client's own read never does, so it always finds what it wrote before.
   */
  follower?: boolean;
  signal?: AbortSignal;
}

/** What a read of the feed keeps of its events: some types, one entry's, one folder's. */
export interface FeedFilters {
  types?: EventType[];
  entryId?: string;
  folder?: string;
}

/** How a read waits for an event when there is none yet, and whether it may share its queries (a follower's). */
export interface ReadWait {
  waitMs: number;
  signal?: AbortSignal;
  shared?: boolean;
}

export interface FeedPage {
  events: EntryEvent[];
  limit: number;
  /** Where the next read continues: after the last event of a full page, else after all this read looked at. */
  nextCursor: string;
}

interface CursorPayload {
  v: 1;
  /** The workspace that made it, as a short hash. */
  w: string;
  /** The place in the feed the cursor stands after. */
  s: number;
}

export const encodeEventCursor = (workspaceId: string, seq: number): string =>
  Buffer.from(JSON.stringify({ v: 1, w: workspaceTag(workspaceId), s: seq } satisfies CursorPayload)).toString('base64url');

/** The place a client's cursor stands after; a cursor that does not decode, or is another workspace's, is bad input. */
export function decodeEventCursor(workspaceId: string, text: string): number {
  const bad = () => badInput("cursor: not a cursor of this workspace's events", { cursor: 'must be a next_cursor this feed gave' });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) throw bad();
  let payload: CursorPayload;
  try {
    payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw bad();
  }
  if (payload?.v !== 1 || payload.w !== workspaceTag(workspaceId) || !Number.isSafeInteger(payload.s) || payload.s < 0) throw bad();
  return payload.s;
}

function checkTypes(types: readonly string[] | undefined): EventType[] | undefined {
  if (!types || types.length === 0) return undefined;
  const unknown = types.filter((type) => !isEventType(type));
  if (unknown.length > 0)
    throw badInput(`types: ${unknown.join(', ')} not an event type; one of ${EVENT_TYPES.join(', ')}`, {
      types: `must be among ${EVENT_TYPES.join(', ')}`,
    });
  return [...new Set(types)] as EventType[];
}

/**
 * The feed of a workspace's events, oldest first: each event in the order its change was committed, none
 * skipped, none twice, from any cursor this feed gave for as long as its events are kept
 * (EVENT_RETENTION_DAYS); an older cursor is 410 `gone`, never a silent gap.
 */
export class EventsService {
  constructor(
    private readonly store: EventStore,
    private readonly watch: FeedWatch,
    private readonly retentionMs: number,
    private readonly clock: () => Date = () => new Date(),
    private readonly readWindow = READ_WINDOW,
  ) {}

  /**
   * Followers of one feed (subscriptions) woken by the same write read the same thing: they share one query, and
   * its answer for a second. A feed's last place is shared only among reads made since the last wake of the
   * watch (its key holds the wake count, which every placement of this process moves on), so none is older than
   * what woke its reader; one placed by another process is seen at the watch's next poll, as it would be anyway.
   * A read of events names the last place it looks at, which its reader saw placed before it began: its answer
   * cannot change (but for retention, whose cursors are refused first).
   */
  private readonly sharedStates = new SharedReads<FeedState>({ keepMs: 1_000, maxEntries: 1_000 });
  private readonly sharedEvents = new SharedReads<EntryEvent[]>({
    keepMs: 1_000,
    maxEntries: 1_000,
    weigh: (events) => (events as EntryEvent[]).length,
    maxWeight: 5_000,
  });

  private feedState(workspaceId: string, shared = false): Promise<FeedState> {
    if (!shared) return this.store.feedState(workspaceId);
    return this.sharedStates.read(`${workspaceId}\u0000${this.watch.wakeCount}`, () => this.store.feedState(workspaceId));
  }

  private readEvents(workspaceId: string, slice: EventSlice, shared = false): Promise<EntryEvent[]> {
    if (!shared) return this.store.readEvents(workspaceId, slice);
    const key = JSON.stringify([workspaceId, slice.afterSeq, slice.throughSeq, slice.limit, slice.types, slice.entryId, slice.folder]);
    return this.sharedEvents.read(key, () => this.store.readEvents(workspaceId, slice));
  }

  async feed(workspaceId: string, query: FeedQuery): Promise<FeedPage> {
    const limit = query.limit ?? DEFAULT_EVENTS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_EVENTS_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_EVENTS_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_EVENTS_LIMIT}` });
    const waitSeconds = query.waitSeconds ?? 0;
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS)
      throw badInput(`wait: must be 0 to ${MAX_WAIT_SECONDS} seconds`, { wait: `must be from 0 to ${MAX_WAIT_SECONDS}` });
    const filters = this.filtersOf(query);
    const shared = query.follower ?? false;
    const start = await this.startOf(workspaceId, query.cursor, shared);
    const page = await this.readFrom(
      workspaceId,
      start,
      { ...filters, limit },
      { waitMs: waitSeconds * 1000, signal: query.signal, shared },
    );
    return { events: page.events, limit, nextCursor: encodeEventCursor(workspaceId, page.through) };
  }

  /** A read's filters, checked: `input` for an unknown type or a malformed entry id. */
  filtersOf(query: Pick<FeedQuery, 'types' | 'entryId' | 'folder'>): FeedFilters {
    return {
      types: checkTypes(query.types),
      entryId: query.entryId === undefined ? undefined : checkEntryId(query.entryId),
      folder: query.folder,
    };
  }

  /**
   * The events after a place the reader already holds (a follower's): as `feed` reads them, without a cursor to
   * decode or make. `through` is where the next read goes on.
   */
  async readAfter(
    workspaceId: string,
    afterSeq: number,
    filters: FeedFilters & { limit: number },
    wait: ReadWait,
  ): Promise<{ events: EntryEvent[]; through: number }> {
    const { lastSeq } = await this.feedState(workspaceId, wait.shared);
    return this.readFrom(workspaceId, { afterSeq, lastSeq }, filters, wait);
  }

  private async readFrom(
    workspaceId: string,
    start: { afterSeq: number; lastSeq: number },
    filters: FeedFilters & { limit: number },
    { waitMs, signal, shared }: ReadWait,
  ): Promise<{ events: EntryEvent[]; through: number }> {
    const deadline = Date.now() + waitMs;
    // `through`: the last place looked at. It is never past a last place read before the events were, so every
    // event up to it was placed and committed when they were read: in the page, or left out by the filters.
    let through = start.afterSeq;
    let lastSeq = start.lastSeq;
    for (;;) {
      const end = Math.max(through, Math.min(lastSeq, through + this.readWindow));
      const events = end > through ? await this.readEvents(workspaceId, { ...filters, afterSeq: through, throughSeq: end }, shared) : [];
      // A full page goes on after its last event; any other after all it looked at.
      if (events.length > 0) return { events, through: events.length === filters.limit ? events[events.length - 1].seq : end };
      through = end;
      // Nothing in this window: an empty page at once when more of the feed is there to read (the client reads
      // on from its cursor) or when it was not asked to wait; else wait for the feed to pass what was read.
      if (through < lastSeq || Date.now() >= deadline) break;
      if (!(await this.watch.waitPast(workspaceId, through, deadline - Date.now(), signal))) break;
      lastSeq = (await this.feedState(workspaceId, shared)).lastSeq;
    }
    return { events: [], through };
  }

  /** The cursor of the feed's current end: a reader from it sees only the events written from now on. */
  async endCursor(workspaceId: string): Promise<string> {
    return encodeEventCursor(workspaceId, (await this.feedState(workspaceId)).lastSeq);
  }

  /** The place after which a read starts: the cursor's, checked against retention; the oldest kept without one. */
  private async startOf(workspaceId: string, cursor: string | undefined, shared: boolean): Promise<{ afterSeq: number; lastSeq: number }> {
    const { prunedThrough, lastSeq } = await this.feedState(workspaceId, shared);
    if (cursor === undefined || cursor === '') return { afterSeq: prunedThrough, lastSeq };
    const seq = decodeEventCursor(workspaceId, cursor);
    if (seq < prunedThrough) {
      const days = Math.round(this.retentionMs / 86_400_000);
      throw new DomainError(
        'gone',
        `the events after this cursor are no longer kept (events are kept ${days} days); read the entries again, then follow the feed from a new cursor`,
      );
    }
    return { afterSeq: seq, lastSeq };
  }

  /** Deletes events past retention, a batch (of one workspace) at a time; how many it deleted. */
  async pruneExpired(): Promise<number> {
    const before = new Date(this.clock().getTime() - this.retentionMs);
    let deleted = 0;
    for (let runs = 0, n = 1; n > 0 && runs < PRUNE_RUNS; runs++, deleted += n) n = await this.store.pruneBefore(before, PRUNE_BATCH);
    return deleted;
  }

  /** Prunes now and then on a timer that keeps no process alive; `stop` ends it and waits for a run under way. */
  startPruning(onError: (error: unknown) => void): { stop(): Promise<void> } {
    let running: Promise<void> | undefined;
    const run = () => {
      if (running) return;
      running = this.pruneExpired()
        .then(() => undefined, onError)
        .finally(() => (running = undefined));
    };
    const timer = setInterval(run, Math.min(PRUNE_INTERVAL_MS, Math.max(1000, this.retentionMs / 10)));
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  }
}
