import type { Entry } from './entry';
import type { EntryCursor, ListFilters } from './entry-cursor';

/** Raised by a store when a new entry's id or key is already taken in its workspace. */
export class DuplicateEntryError extends Error {
  constructor(readonly field: 'id' | 'key') {
    super(`duplicate entry ${field}`);
  }
}

export interface ListSlice extends ListFilters {
  after?: EntryCursor;
  limit: number;
}

/** A slice of the entries related to a UUID (see related-entries.ts), optionally by one context only. */
export interface RelatedSlice extends ListSlice {
  related: string;
}

/** What the domain needs from storage. Every call is scoped to one workspace. */
export interface EntryStore {
  /** Stores a new entry atomically; throws DuplicateEntryError when its id or key is taken. */
  insert(entry: Entry): Promise<void>;
  findById(workspaceId: string, id: string, options: { withData: boolean }): Promise<Entry | undefined>;
  findByKey(workspaceId: string, key: string, options: { withData: boolean }): Promise<Entry | undefined>;
  /**
   * Newest first (created_at, then id, descending), or oldest first with `ascending`, strictly after `slice.after`,
   * without `data`.
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
}
