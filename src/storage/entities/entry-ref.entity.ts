import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/** One reference of an entry's document to another document (see src/domain/entries/model/references-of.ts). */
@Entity({ name: 'entry_refs' })
@Index('entry_refs_ref_time', ['workspaceId', 'refUuid', 'context', 'createdAt', 'entryId'])
export class EntryRefEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  @PrimaryColumn({ name: 'context', type: 'varchar', length: 32 })
  context: string;

  @PrimaryColumn({ name: 'ref_uuid', type: 'varchar', length: 36 })
  refUuid: string;

  /** The created_at of the entry (`entry_id`): related lists are paged by it, as the main list is. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;
}
