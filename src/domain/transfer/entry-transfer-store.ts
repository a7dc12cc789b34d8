import type { Attachment, Entry, Meta } from '../entries/model/entry';
import type { EntryRef } from '../entries/model/entry-ref';
import type { EntryState, EntryVersion } from '../entries/model/entry-history';
import type { NewEvent } from '../entries/model/entry-event';

/** A version of an entry with the envelope text it had, as stored. */
export interface StoredVersion {
  version: EntryVersion;
  data: string;
}

/** One content of a file (its current bytes or an earlier version's), with its bytes when they are stored. */
export interface TransferContent {
  id: string;
  hash: string;
  size: number;
  createdAt: Date;
  bytes?: Buffer;
}

/** A file with its contents: the current one first (when stored), then the earlier ones, newest first. */
export interface TransferFile {
  file: Attachment;
  current?: TransferContent;
  previous: TransferContent[];
}

/** A file's contents, the current one (when stored) and then the earlier ones: those whose bytes are written. */
export const contentsOf = (file: TransferFile): TransferContent[] => [...(file.current ? [file.current] : []), ...file.previous];

/**
 * Everything stored of one entry, as an export reads it and an import writes it: the row with its envelope text
 * (`entry.dataJson`), every version row, state, meta row (secure ones too) and file with its bytes.
 */
export interface EntryBundle {
  entry: Entry;
  /** The version rows, oldest first; empty for an entry never changed (its one version is its row). */
  versions: StoredVersion[];
  states: EntryState[];
  meta: Meta[];
  files: TransferFile[];
  /** The entry `previous_id` named when it was created: a reference no envelope holds. */
  previousId?: string;
}

/** What an import writes of one entry, in one transaction: the bundle and what the domain works out from it. */
export interface ImportRecord extends EntryBundle {
  refs: readonly EntryRef[];
  searchTerms: readonly string[];
  events: readonly NewEvent[];
}

/**
 * What became of an entry given to `importEntry`; `part-taken` when another entry of the workspace holds the id of
 * one of its parts (a file's content).
 */
export type ImportOutcome = 'imported' | 'present' | 'conflict' | 'key-taken' | 'part-taken';

/** The reads of an export and the write of an import, for the whole of a workspace's stored data. */
export interface EntryTransferStore {
  /** True when the workspace has at least one entry. */
  hasEntries(workspaceId: string): Promise<boolean>;
  /** The created_at of an entry, for `--after`; undefined when there is no such entry. */
  createdAtOf(workspaceId: string, id: string): Promise<Date | undefined>;
  /**
   * Entries oldest first (created_at, then id), a page at a time, each page read whole (rows, parts, bytes)
   * before the next is read: memory holds one page.
   */
  pages(
    workspaceId: string,
    options: { since?: Date; after?: { createdAt: Date; id: string }; pageSize: number },
  ): AsyncIterable<EntryBundle[]>;
  /**
   * Writes entries, each with all its parts, in one transaction (a batch: one commit for many entries), each as
   * given unless its id is present already: `present` when the stored one has the same digest and version,
   * `conflict` when it differs, `key-taken` when another entry holds its key; nothing of such an entry is
   * written, and the others are. With `stopAtConflict`, the entries after a conflict are left unwritten, and the
   * outcomes end at it.
   */
  importEntries(workspaceId: string, records: readonly ImportRecord[], options: { stopAtConflict: boolean }): Promise<ImportOutcome[]>;
}
