import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

@Entity({ name: 'entry_attachments' })
export class AttachmentEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  @PrimaryColumn({ name: 'id', type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'name', type: 'varchar', length: 255 })
  name: string;

  @Column({ name: 'description', type: 'text', nullable: true })
  desc: string | null;

  @Column({ name: 'mime', type: 'varchar', length: 255 })
  mime: string;

  @Column({ name: 'size', type: 'bigint', transformer: bigintAsNumber })
  size: number;

  @Column({ name: 'hash', type: 'varchar', length: 128 })
  hash: string;

  @Column({ name: 'stored', type: 'boolean' })
  stored: boolean;

  @Column({ name: 'url', type: 'text', nullable: true })
  url: string | null;

  @Column({ name: 'meta', type: 'text', nullable: true })
  meta: string | null;

  @Column({ name: 'file_key', type: 'varchar', length: 255, nullable: true })
  key: string | null;

  @Column({ name: 'category', type: 'varchar', length: 64, nullable: true })
  category: string | null;

  @Column({ name: 'embeddable', type: 'boolean', default: false })
  embeddable: boolean;

  @Column({ name: 'private', type: 'boolean', default: false })
  private: boolean;

  /** Earlier versions, as JSON: [{id, created_at, hash, size}], newest first. */
  @Column({ name: 'previous', type: 'text', nullable: true })
  previous: string | null;

  @Column({ name: 'content_id', type: 'varchar', length: 36, nullable: true })
  contentId: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;
}
