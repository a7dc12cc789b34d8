import type { DocumentEngine } from '../documents/document-pipeline';
import type { JsonPatchLimits } from '../documents/derive/json-patch';
import type { SigningKeys } from '../../signing/signing-keys';
import type { EntryHistoryStore } from './model/entry-history-store';
import type { EventMaker } from './event-maker';
import type { EntryOverviewStore } from './entry-overview';

/** What the entry service is built with: its stores, its engine, its keys and its limits (all but the entry store optional). */
export interface EntryServiceOptions {
  /** Bytes one REST answer may show of entries' files and meta rows (PAGE_DATA_BUDGET); 16 MiB by default. */
  pageDataBudget?: number;
  clock?: () => Date;
  newId?: () => string;
  /** The service's envelope signing keys and the keys it trusts; without them `sign` is refused and so is any signed envelope. */
  signingKeys?: SigningKeys;
  /** Where document work runs; by default in the calling thread (the server passes its worker pool). */
  engine?: DocumentEngine;
  /** Bounds on a JSON patch of a previous entry; the defaults of JSON_PATCH_LIMITS otherwise. */
  jsonPatchLimits?: JsonPatchLimits;
  /** Where versions and states are kept; without it, updates and states are refused. */
  history?: EntryHistoryStore;
  /** ENTRY_REFS_LIMIT: the most UUIDs a stored document may name; DEFAULT_ENTRY_LIMITS.refs otherwise. */
  refsLimit?: number;
  /** Makes the events of every change, written with it; without it, changes are written without events. */
  events?: EventMaker;
  /** Where the folders in use and bounded counts are read; without it, `overview` is absent. */
  overview?: EntryOverviewStore;
}
