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

/** What the domain needs from storage. Every call is scoped to one workspace. */
export interface EntryStore {
  /** Stores a new entry atomically; throws DuplicateEntryError when its id or key is taken. */
  insert(entry: Entry): Promise<void>;
  findById(workspaceId: string, id: string, options: { withData: boolean }): Promise<Entry | undefined>;
  findByKey(workspaceId: string, key: string, options: { withData: boolean }): Promise<Entry | undefined>;
  /**
   * Newest first (created_at, then id, descending), or oldest first with `ascending`, strictly after `slice.after`,
   * without `data`; with `related`, only the entries related to that UUID (see related-entries.ts).
   */
  list(workspaceId: string, slice: ListSlice): Promise<Entry[]>;
  /** How each of the given entries is related to the UUID: the context of the reference that links them. */
  relatedContexts(workspaceId: string, uuid: string, ids: string[]): Promise<Map<string, string>>;
  /** Reads `data` for entries listed without it. */
  loadData(workspaceId: string, ids: string[]): Promise<Map<string, Entry['data']>>;
  /** The stored size of `data` in bytes, read without reading the data itself. */
  dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>>;
}
