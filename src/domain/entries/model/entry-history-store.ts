import type { Entry } from './entry';
import type { EntryState, EntryVersion } from './entry-history';
import type { EntryRef } from './entry-ref';
import type { EventsOf } from './entry-event';

/** How a guarded write ended: done, or refused because the entry is gone or changed meanwhile. */
export type GuardedWrite = 'done' | 'missing' | 'stale';

/** The new content of an entry, as one update writes it. */
export interface EntryChange {
  /** The entry as it is to be: its row's columns (not `state`, which follows its states). */
  entry: Entry;
  /** The version the change was made from: the write is refused ('stale') unless it is still current. */
  expectedVersion: string;
  /** The version the change adds, with `entry.dataJson` as its envelope; absent when the data stays (a move). */
  newVersion?: EntryVersion;
  /** The documents its envelope names (without `previous`, which a change leaves as it is): written again with it. */
  refs: readonly EntryRef[];
  /** Its events, made of the entry as written and written in the same transaction. */
  events?: EventsOf;
}

/** What the domain needs from storage for versions and states. Every call is scoped to one workspace. */
export interface EntryHistoryStore {
  /** Writes an entry's new row and its new version in one transaction, if its version is still the expected one. */
  update(change: EntryChange): Promise<GuardedWrite>;
  /** Whether one of the entry's versions was made by `srcId` (its ChangeSource's object). */
  hasVersionFrom(workspaceId: string, entryId: string, srcId: string): Promise<boolean>;
  /** The stored envelope of one version, as JSON text; the newest version of that id when it recurs. */
  findVersionData(workspaceId: string, entryId: string, version: string): Promise<string | undefined>;
  /** Adds a state, or replaces the state at the same time (`replace`); the entry's `state` follows. */
  putState(workspaceId: string, state: EntryState, options: { replace: boolean; events?: EventsOf }): Promise<GuardedWrite | 'taken'>;
  /** The entry's states, newest first. */
  listStates(workspaceId: string, entryId: string): Promise<EntryState[]>;
  /** The states of several entries at once (a page), each list newest first. */
  statesOf(workspaceId: string, entryIds: string[]): Promise<Map<string, EntryState[]>>;
}

export type { EntryVersion };
