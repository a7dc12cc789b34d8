import type { EntryEvent, EventType } from '../entries/model/entry-event';

/** A slice of a workspace's feed: the events after a place, oldest first, optionally of some types or one entry. */
export interface EventSlice {
  afterSeq: number;
  /** The last place read (a read looks at places afterSeq + 1 to throughSeq, whatever its filters). */
  throughSeq: number;
  limit: number;
  types?: readonly EventType[];
  entryId?: string;
  /** Only events of entries in this folder (as the event tells of the entry). */
  folder?: string;
}

/** Where a workspace's feed stands: its last place, and the last place retention has deleted (0: none). */
export interface FeedState {
  lastSeq: number;
  prunedThrough: number;
}

/** What one batch of the sequencer did: the workspaces whose feeds grew, and whether it left events for the next. */
export interface PlacedBatch {
  workspaces: string[];
  more: boolean;
}

/**
 * What the domain needs from storage to place and read events; they are written, without places, by the stores
 * of the changes themselves.
 */
export interface EventStore {
  /** Whether committed events wait for their places. */
  hasUnplaced(): Promise<boolean>;
  /** Places a batch of committed events in their feeds, in the order written. */
  placeUnplaced(): Promise<PlacedBatch>;
  /** The events after `afterSeq`, oldest first, at most `limit`. */
  readEvents(workspaceId: string, slice: EventSlice): Promise<EntryEvent[]>;
  feedState(workspaceId: string): Promise<FeedState>;
  /** The last place of each workspace's feed that has one. */
  lastSeqs(workspaceIds: readonly string[]): Promise<Map<string, number>>;
  /** Deletes at most `limit` events older than `before`, of every workspace; answers how many it deleted. */
  pruneBefore(before: Date, limit: number): Promise<number>;
}
