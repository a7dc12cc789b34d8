import { Entity } from 'typeorm';
import { BigintColumn, BlobColumn, CreatedAtColumn, EntryIdColumn, IntColumn, UuidColumn, VarcharColumn } from './columns';
import { WorkspaceRow } from './rows';

/** One content of a file (its current bytes, or an earlier version's): what it is, not the bytes. */
@Entity({ name: 'file_contents' })
export class FileContentEntity extends WorkspaceRow {
  @UuidColumn('id', { primary: true })
  id: string;

  @EntryIdColumn()
  entryId: string;

  @VarcharColumn('file_id', 64)
  fileId: string;

  @BigintColumn('size')
  size: number;

  @VarcharColumn('hash', 64)
  hash: string;

  @CreatedAtColumn()
  createdAt: number;
}

/** The bytes of a content, in order, a chunk per row. */
@Entity({ name: 'file_content_chunks' })
export class FileChunkEntity extends WorkspaceRow {
  @UuidColumn('content_id', { primary: true })
  contentId: string;

  @IntColumn('seq', { primary: true })
  seq: number;

  @BlobColumn('bytes')
  bytes: Buffer;
}
