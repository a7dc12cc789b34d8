import type { Entry } from './entry';

/** The kinds of change an event tells of, in the order one request's several changes are told. */
export const EVENT_TYPES = [
  'entry.created',
  'entry.updated',
  'entry.moved',
  'entry.signed',
  'entry.state_added',
  'entry.file_added',
  'entry.meta_changed',
  // A job of a workflow over the entry ended (the transform service): done, or failed with its faults.
  'job.completed',
  'job.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (text: string): text is EventType => (EVENT_TYPES as readonly string[]).includes(text);

/**
 * What an event says, in the contract's names, as every receiver reads it (the feed, webhooks, subscriptions):
 * the entry as a list shows it, without its envelope and its parts (files, meta rows, versions), which a receiver
 * reads when it wants them; plus what the change added (a state, a file, a meta row's key).
 */
export type EventData = Record<string, unknown>;

/** One change of an entry, written in the transaction of the change (a transactional outbox). */
export interface EntryEvent {
  id: string;
  type: EventType;
  workspaceId: string;
  entryId: string;
  createdAt: Date;
  data: EventData;
  /** Its place in the workspace's feed, from 1 in the order the changes were committed; storage numbers it. */
  seq: number;
}

/** An event as the domain makes it, before storage gives it its place. */
export type NewEvent = Omit<EntryEvent, 'seq'>;

/**
 * The events of a change, made from the entry as the change's transaction left it (its `state` and `updated_at`
 * are settled there): storage calls it once the change is written, and writes what it returns in the same
 * transaction. None for a change that turns out to change nothing.
 */
export type EventsOf = (stored: Entry) => readonly NewEvent[];

/** An event in the contract's names, as both the feed and a webhook's body show it (each adds where it stands). */
export const eventSummaryJson = (event: EntryEvent) => ({
  id: event.id,
  type: event.type,
  created_at: event.createdAt.toISOString(),
  entry_id: event.entryId,
  data: event.data,
});
