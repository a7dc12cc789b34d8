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
  /** Only these entries (a related list). */
  ids?: string[];
}

/** What the domain needs from storage. Every call is scoped to one workspace. */
export interface EntryStore {
  /** Stores a new entry atomically; throws DuplicateEntryError when its id or key is taken. */
  insert(entry: Entry): Promise<void>;
  findById(workspaceId: string, id: string, options: { withData: boolean }): Promise<Entry | undefined>;
  findByKey(workspaceId: string, key: string, options: { withData: boolean }): Promise<Entry | undefined>;
  /**
   * Newest first (created_at, then id, descending), or oldest first with `ascending`, strictly after `slice.after`,
   * without `data`; with `ids`, only those entries.
   */
  list(workspaceId: string, slice: ListSlice): Promise<Entry[]>;
  /** The ids of the entries related to a UUID (see related-entries.ts), each with the contexts that link it. */
  relatedLinks(workspaceId: string, uuid: string): Promise<Map<string, Set<string>>>;
  /** Reads `data` for entries listed without it. */
  loadData(workspaceId: string, ids: string[]): Promise<Map<string, Entry['data']>>;
  /** The stored size of `data` in bytes, read without reading the data itself. */
  dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>>;
}
