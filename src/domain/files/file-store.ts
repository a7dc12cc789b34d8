import type { EventsOf } from '../entries/model/entry-event';
import type { Attachment } from '../entries/model/entry';
import type { FileContent } from './file-content';

/** A stored content of a file: its current bytes or an earlier version's. */
export interface StoredContent {
  id: string;
  fileId: string;
  size: number;
  hash: string;
}

/** What a file write finds once it holds its entry's lock: the file as it is now, and the entry's count of files. */
export interface FileWriteState {
  /** The file of that id as stored now; undefined when there is none. */
  current?: Attachment;
  /** How many files the entry has (counted only when there is no current file: a replacement adds none). */
  filesOnEntry: number;
}

/** What the files of entries need from storage. Every call is scoped to one workspace. */
export interface FileStore {
  findFile(workspaceId: string, entryId: string, id: string): Promise<Attachment | undefined>;
  findContent(workspaceId: string, entryId: string, contentId: string): Promise<StoredContent | undefined>;
  /**
   * Writes a file in one transaction: stores `content` (when given) under `content.id`, then, holding the entry's
   * lock so that no other write of its files runs in between, reads the file as it is now and stores what `next`
   * makes of it. The contents the file referred to that the new one no longer does (versions past the limit) are
   * deleted with it. When `next` throws (a refusal), the entry is gone (EntryMissing), the entry's parts would
   * grow past the limit given to the store (LimitBreach 'parts') or another write of the file met this one
   * (WriteConflict), nothing is stored.
   */
  writeFile(
    workspaceId: string,
    entryId: string,
    id: string,
    content: { id: string; bytes: FileContent } | undefined,
    next: (state: FileWriteState) => Attachment,
    /** The write's events, made of the entry once the file is written and written in the same transaction. */
    events?: EventsOf,
  ): Promise<Attachment>;
  /** The bytes of a content from `start` to `end` (inclusive), a chunk at a time. */
  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer>;
}
