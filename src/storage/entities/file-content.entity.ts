import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/** One content of a file (its current bytes, or an earlier version's): what it is, not the bytes. */
@Entity({ name: 'file_contents' })
export class FileContentEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'id', type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  @Column({ name: 'file_id', type: 'varchar', length: 64 })
  fileId: string;

  @Column({ name: 'size', type: 'bigint', transformer: bigintAsNumber })
  size: number;

  @Column({ name: 'hash', type: 'varchar', length: 64 })
  hash: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;
}

/** The bytes of a content, in order, a chunk per row. */
@Entity({ name: 'file_content_chunks' })
export class FileChunkEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'content_id', type: 'varchar', length: 36 })
  contentId: string;

  @PrimaryColumn({ name: 'seq', type: 'int' })
  seq: number;

  @Column({ name: 'bytes', type: 'blob' })
  bytes: Buffer;
}
