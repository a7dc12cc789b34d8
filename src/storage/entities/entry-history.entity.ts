import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/** One version of an entry, with the envelope it had. Written once an entry changes (see AddEntryHistory). */
@Entity({ name: 'entry_versions' })
export class EntryVersionEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  /** 1 for the first version, then one more for each. */
  @PrimaryColumn({ name: 'seq', type: 'int' })
  seq: number;

  @Column({ name: 'version', type: 'varchar', length: 16 })
  version: string;

  @Column({ name: 'at', type: 'bigint', transformer: bigintAsNumber })
  at: number;

  @Column({ name: 'invalid', type: 'boolean' })
  invalid: boolean;

  @Column({ name: 'signed', type: 'boolean' })
  signed: boolean;

  @Column({ name: 'src', type: 'varchar', length: 64 })
  src: string;

  /** As in `entries`: the envelope as text only in a row not packed yet, else ''. */
  @Column({ name: 'data', type: 'text', select: false })
  data: string;

  @Column({ name: 'data_packed', type: 'blob', nullable: true, select: false })
  dataPacked: Buffer | null;
}

/** One state of an entry; the one with the latest `at` is the entry's `state`. */
@Entity({ name: 'entry_states' })
export class EntryStateEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'entry_id', type: 'varchar', length: 36 })
  entryId: string;

  @PrimaryColumn({ name: 'at', type: 'bigint', transformer: bigintAsNumber })
  at: number;

  @Column({ name: 'id', type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'state_key', type: 'varchar', length: 32 })
  key: string;

  @Column({ name: 'notes', type: 'text', nullable: true })
  notes: string | null;

  @Column({ name: 'meta', type: 'text', nullable: true })
  meta: string | null;

  @Column({ name: 'src', type: 'varchar', length: 64 })
  src: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;
}
