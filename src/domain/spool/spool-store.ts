import type { FileContent } from '../files/file-content';

/** A spooled temporary file: what it is, where its bytes are, and until when it lives. */
export interface SpoolItem {
  key: string;
  name: string;
  mime: string;
  size: number;
  /** SHA-256 of the bytes, hexadecimal. */
  hash: string;
  contentId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** What the spool needs from storage. Every call but the sweep's is scoped to one workspace. */
export interface SpoolStore {
  /** Files of the workspace that expire after `now`. */
  countLive(workspaceId: string, now: Date): Promise<number>;
  /** Stores the file's row and its bytes in one transaction. */
  save(workspaceId: string, item: SpoolItem, content: FileContent): Promise<void>;
  find(workspaceId: string, key: string): Promise<SpoolItem | undefined>;
  /** Deletes the file's row and its bytes; false when there was none. */
  delete(workspaceId: string, key: string): Promise<boolean>;
  /** Up to `limit` files of any workspace that expired by `now`, soonest expired first. */
  findExpired(now: Date, limit: number): Promise<{ workspaceId: string; key: string }[]>;
  /** The bytes from `start` to `end` (inclusive), a chunk at a time. */
  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer>;
}
