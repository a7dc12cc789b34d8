import type { Attachment, Entry, Meta } from './entry';
import type { EntryVersion } from './entry-history';
import type { EntryRef } from './entry-ref';
import type { EntryCursor, ListFilters } from './entry-cursor';
import type { EventsOf } from './entry-event';

/** Raised by a store when a new entry's id or key is already taken in its workspace. */
export class DuplicateEntryError extends Error {
  constructor(readonly field: 'id' | 'key') {
    super(`duplicate entry ${field}`);
  }
}

/**
 * The whole record of a new entry, as the domain makes it (entry-record.ts): its row (its version included), the
 * documents it names, and the terms it is found by. Storage maps and writes it as it is, and works nothing out.
 */
export interface EntryRecord {
  entry: Entry;
  /** Its references, `previous` included (the entry `previous_id` named). */
  refs: readonly EntryRef[];
  /** Every term it is found by, in order: the index keeps the first MAX_INDEXED_TERMS. */
  searchTerms: readonly string[];
  /** Its events, written in its transaction. */
  events?: EventsOf;
}

/**
 * How the backfill of rows stored before sort amounts were kept finds a row's (sort-amount.ts): storage is handed
 * the rule, and works nothing out.
 */
export interface SortAmountRule {
  /** Whether a row of this document schema may have one: only those envelopes are read. */
  mayHave(docSchema: string): boolean;
  /** The sort amount of the stored envelope text (ten-thousandths of its currency unit). */
  ofJson(json: string): number | undefined;
}

export interface ListSlice extends ListFilters {
  after?: EntryCursor;
  limit: number;
}

/** A slice of the entries related to a UUID (see related-entries.ts), optionally by one context only. */
export interface RelatedSlice extends ListSlice {
  related: string;
}

/**
 * How many bytes an entry's files and meta rows take when shown (their stored JSON and text), read without
 * reading them: weighed against a request's data budget first, since rows stored before any cap may be huge.
 */
export interface EntryPartSizes {
  attachments: number;
  meta: number;
}

/** The newest versions of an entry that a read shows, and how many it has in all. */
export interface EntryVersionsShown {
  versions: EntryVersion[];
  total: number;
}

/**
 * What the domain needs from storage. Every call is scoped to one workspace. An entry is read as its row alone
 * (`attachments` and `meta` empty, `versions` unset): its parts are read apart, for a whole page at once, and
 * only by a caller that shows them.
 */
export interface EntryStore {
  /**
   * Stores new entries atomically, all or none: one create, or a batch of a bulk import, by one path. Throws
   * DuplicateEntryError when an id or key is taken.
   */
  insert(records: readonly EntryRecord[]): Promise<void>;
  findById(workspaceId: string, id: string, options: { withData: boolean }): Promise<Entry | undefined>;
  findByKey(workspaceId: string, key: string, options: { withData: boolean }): Promise<Entry | undefined>;
  /**
   * Newest first (created_at, then id, descending), or oldest first with `ascending`, strictly after `slice.after`,
   * without `data`. With `orderBy: 'amount'`: by sortAmount then id, highest first (lowest with `ascending`), the
   * entries without an amount last.
   */
  list(workspaceId: string, slice: ListSlice): Promise<Entry[]>;
  /**
   * The entries related to `slice.related`, ordered and cut like `list`, each with its `context`: the slice's,
   * or else the first of REF_CONTEXTS that links it. Read a page at a time, whatever the number of links.
   */
  listRelated(workspaceId: string, slice: RelatedSlice): Promise<Entry[]>;
  /** Reads `data` for entries listed without it. */
  loadData(workspaceId: string, ids: string[]): Promise<Map<string, Entry['data']>>;
  /** The stored size of `data` in bytes, read without reading the data itself. */
  dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>>;
  /** What the files and listed meta rows of entries weigh when shown; an entry with none is absent. */
  partSizes(workspaceId: string, ids: string[]): Promise<Map<string, EntryPartSizes>>;
  /**
   * The files of entries, oldest first; an entry with none is absent. `weight`, when known (partSizes), is what
   * they weigh in all: light ones are read in fewer queries, heavy ones in slices that hold the thread little.
   * `heavy`: they are a heavy answer's (it holds a read turn), whose slices let light requests go first.
   */
  attachmentsOf(workspaceId: string, ids: string[], weight?: number, heavy?: boolean): Promise<Map<string, Attachment[]>>;
  /** The meta rows of entries that are listed (never `secure` ones), oldest first; an entry with none is absent. `weight` and `heavy` as above. */
  metaOf(workspaceId: string, ids: string[], weight?: number, heavy?: boolean): Promise<Map<string, Meta[]>>;
  /** The newest `newest` versions of entries and their count; an entry never changed (no version rows) is absent. */
  versionsOf(workspaceId: string, ids: string[], newest: number): Promise<Map<string, EntryVersionsShown>>;
  /**
   * At most `limit` versions of an entry older than the newest one with id `version`, newest first (a page of its
   * history past those versionsOf shows); undefined when the entry has no version of that id.
   */
  versionsBefore(workspaceId: string, entryId: string, version: string, limit: number): Promise<EntryVersion[] | undefined>;
}
