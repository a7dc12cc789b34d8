import { Entity, Index } from 'typeorm';
import { CreatedAtColumn, UuidColumn, VarcharColumn } from './columns';
import { EntryRow } from './rows';

/** One reference of an entry's document to another document (see src/domain/entries/model/references-of.ts). */
@Entity({ name: 'entry_refs' })
@Index('entry_refs_ref_time', ['workspaceId', 'refUuid', 'context', 'createdAt', 'entryId'])
export class EntryRefEntity extends EntryRow {
  @VarcharColumn('context', 32, { primary: true })
  context: string;

  @UuidColumn('ref_uuid', { primary: true })
  refUuid: string;

  /** The created_at of the entry (`entry_id`): related lists are paged by it, as the main list is. */
  @CreatedAtColumn()
  createdAt: number;
}
