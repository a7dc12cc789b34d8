import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from './columns';

/** One row per entry. JSON members are stored as text; `data` is read only when asked for. */
@Entity({ name: 'entries' })
@Index('entries_workspace_key', ['workspaceId', 'keySlot'], { unique: true })
@Index('entries_workspace_created', ['workspaceId', 'createdAt', 'id'])
@Index('entries_workspace_folder_created', ['workspaceId', 'folder', 'createdAt', 'id'])
@Index('entries_workspace_state_created', ['workspaceId', 'state', 'createdAt', 'id'])
@Index('entries_workspace_amount', ['workspaceId', 'sortAmount', 'id'])
@Index('entries_workspace_folder_amount', ['workspaceId', 'folder', 'sortAmount', 'id'])
@Index('entries_workspace_state_amount', ['workspaceId', 'state', 'sortAmount', 'id'])
export class EntryEntity {
  @PrimaryColumn({ name: 'workspace_id', type: 'varchar', length: 255 })
  workspaceId: string;

  @PrimaryColumn({ name: 'id', type: 'varchar', length: 36 })
  id: string;

  @Column({ name: 'entry_key', type: 'varchar', length: 255, nullable: true })
  key: string | null;

  /** The key, or for an entry without one its id behind U+0001: never NULL, so unique on every database and cluster. */
  @Column({ name: 'key_slot', type: 'varchar', length: 255 })
  keySlot: string;

  @Column({ name: 'folder', type: 'varchar', length: 64 })
  folder: string;

  @Column({ name: 'doc_schema', type: 'varchar', length: 255 })
  docSchema: string;

  @Column({ name: 'env_schema', type: 'varchar', length: 255 })
  envSchema: string;

  @Column({ name: 'state', type: 'varchar', length: 32, nullable: true })
  state: string | null;

  @Column({ name: 'signed', type: 'boolean' })
  signed: boolean;

  /** What was verified of a signed envelope's signatures (JSON); NULL when unsigned or signed before it was kept. */
  @Column({ name: 'signature', type: 'text', nullable: true })
  signature: string | null;

  @Column({ name: 'invalid', type: 'boolean' })
  invalid: boolean;

  @Column({ name: 'digest_alg', type: 'varchar', length: 16 })
  digestAlg: string;

  @Column({ name: 'digest_val', type: 'varchar', length: 128 })
  digestVal: string;

  @Column({ name: 'snippet', type: 'text' })
  snippet: string;

  /**
   * The document's payable total in ten-thousandths of its currency unit, what the list sorts by amount on
   * (src/domain/entries/model/sort-amount.ts); NULL for a document without one, and for a row stored before it was kept and
   * not filled yet (src/storage/sort-amount-backfill.ts).
   */
  @Column({ name: 'sort_amount', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  sortAmount: number | null;

  @Column({ name: 'tags', type: 'text' })
  tags: string;

  @Column({ name: 'faults', type: 'text' })
  faults: string;

  /** The envelope as text: only in rows written before envelopes were packed, and not packed since; else ''. */
  @Column({ name: 'data', type: 'text', select: false })
  data: string;

  /** The envelope, packed (src/storage/packed-json.ts); NULL in a row not packed yet. */
  @Column({ name: 'data_packed', type: 'blob', nullable: true, select: false })
  dataPacked: Buffer | null;

  /** The envelope's size as text, in bytes: what reading it weighs; NULL in a row not packed yet (see `data`). */
  @Column({ name: 'data_size', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  dataSize: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintAsNumber })
  updatedAt: number;

  /** The current version's id; empty for entries stored before versions existed (derived from the digest). */
  @Column({ name: 'version', type: 'varchar', length: 16, nullable: true })
  version: string | null;
}
