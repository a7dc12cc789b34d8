import type { Attachment } from './entry';
import type { FileContent } from './file-content';

/** A stored content of a file: its current bytes or an earlier version's. */
export interface StoredContent {
  id: string;
  fileId: string;
  size: number;
  hash: string;
}

/** What the files of entries need from storage. Every call is scoped to one workspace. */
export interface FileStore {
  findFile(workspaceId: string, entryId: string, id: string): Promise<Attachment | undefined>;
  findContent(workspaceId: string, entryId: string, contentId: string): Promise<StoredContent | undefined>;
  /** Stores a new content and the file that now points at it, in one transaction (a placeholder has no content yet). */
  saveFile(workspaceId: string, file: Attachment, content: FileContent | undefined, options: { replacing: boolean }): Promise<void>;
  /** The bytes of a content from `start` to `end` (inclusive), a chunk at a time. */
  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer>;
}
