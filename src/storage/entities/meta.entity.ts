import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

@Entity({ name: 'entry_meta' })
export class MetaEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  @PrimaryColumn({ name: 'src', type: 'varchar', length: 64 })
  src: string;

  @PrimaryColumn({ name: 'meta_key', type: 'varchar', length: 255 })
  key: string;

  @Column({ name: 'value', type: 'text', nullable: true })
  value: string | null;

  @Column({ name: 'ref', type: 'varchar', length: 255, nullable: true })
  ref: string | null;

  @Column({ name: 'owner_id', type: 'varchar', length: 255, nullable: true })
  ownerId: string | null;

  @Column({ name: 'owned', type: 'boolean' })
  owned: boolean;

  @Column({ name: 'indexed', type: 'boolean' })
  indexed: boolean;

  @Column({ name: 'secure', type: 'boolean' })
  secure: boolean;

  @Column({ name: 'shared', type: 'boolean' })
  shared: boolean;

  @Column({ name: 'link_scope', type: 'varchar', length: 64, nullable: true })
  linkScope: string | null;

  @Column({ name: 'link_url', type: 'text', nullable: true })
  linkUrl: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintAsNumber })
  updatedAt: number;
}
