import type { StoredContent } from '../domain/files/file-store';
import { FileContentEntity } from './entities/file-content.entity';

/** A content of an entry's file as its file_contents row (stored at `createdAt`, milliseconds), and back. */
export const toContentRow = (workspaceId: string, entryId: string, content: StoredContent, createdAt: number): FileContentEntity =>
  Object.assign(new FileContentEntity(), {
    workspaceId,
    id: content.id,
    entryId,
    fileId: content.fileId,
    size: content.size,
    hash: content.hash,
    createdAt,
  });

export const fromContentRow = (row: FileContentEntity): StoredContent => ({
  id: row.id,
  fileId: row.fileId,
  size: row.size,
  hash: row.hash,
});
