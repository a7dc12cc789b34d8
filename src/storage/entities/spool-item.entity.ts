import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/** A spooled temporary file: what it is and until when; its bytes are chunks under `contentId`, as a file's. */
@Entity({ name: 'spool_items' })
export class SpoolItemEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'spool_key', type: 'varchar', length: 160 })
  key: string;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'mime', type: 'varchar', length: 255 })
  mime: string;

  @Column({ name: 'size', type: 'bigint', transformer: bigintAsNumber })
  size: number;

  @Column({ name: 'hash', type: 'varchar', length: 64 })
  hash: string;

  @Column({ name: 'content_id', type: 'varchar', length: 36 })
  contentId: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintAsNumber })
  expiresAt: number;
}
