import { Entity, Index } from 'typeorm';
import {
  BigintColumn,
  BlobColumn,
  BooleanColumn,
  CreatedAtColumn,
  TextColumn,
  UpdatedAtColumn,
  UuidColumn,
  VarcharColumn,
} from './columns';
import { WorkspaceRow } from './rows';

/** One row per entry. JSON members are stored as text; `data` is read only when asked for. */
@Entity({ name: 'entries' })
@Index('entries_workspace_key', ['workspaceId', 'keySlot'], { unique: true })
@Index('entries_workspace_created', ['workspaceId', 'createdAt', 'id'])
@Index('entries_workspace_folder_created', ['workspaceId', 'folder', 'createdAt', 'id'])
@Index('entries_workspace_state_created', ['workspaceId', 'state', 'createdAt', 'id'])
@Index('entries_workspace_amount', ['workspaceId', 'sortAmount', 'id'])
@Index('entries_workspace_folder_amount', ['workspaceId', 'folder', 'sortAmount', 'id'])
@Index('entries_workspace_state_amount', ['workspaceId', 'state', 'sortAmount', 'id'])
export class EntryEntity extends WorkspaceRow {
  @UuidColumn('id', { primary: true })
  id: string;

  @VarcharColumn('entry_key', 255, { nullable: true })
  key: string | null;

  /** The key, or for an entry without one its id behind U+0001: never NULL, so unique on every database and cluster. */
  @VarcharColumn('key_slot', 255)
  keySlot: string;

  @VarcharColumn('folder', 64)
  folder: string;

  @VarcharColumn('doc_schema', 255)
  docSchema: string;

  @VarcharColumn('env_schema', 255)
  envSchema: string;

  @VarcharColumn('state', 32, { nullable: true })
  state: string | null;

  @BooleanColumn('signed')
  signed: boolean;

  /** What was verified of a signed envelope's signatures (JSON); NULL when unsigned or signed before it was kept. */
  @TextColumn('signature', { nullable: true })
  signature: string | null;

  @BooleanColumn('invalid')
  invalid: boolean;

  @VarcharColumn('digest_alg', 16)
  digestAlg: string;

  @VarcharColumn('digest_val', 128)
  digestVal: string;

  @TextColumn('snippet')
  snippet: string;

  /**
   * The document's payable total in ten-thousandths of its currency unit, what the list sorts by amount on
   * (src/domain/entries/model/sort-amount.ts); NULL for a document without one, and for a row stored before it was kept and
   * not filled yet (src/storage/sort-amount-backfill.ts).
   */
  @BigintColumn('sort_amount', { nullable: true })
  sortAmount: number | null;

  @TextColumn('tags')
  tags: string;

  @TextColumn('faults')
  faults: string;

  /** The envelope as text: only in rows written before envelopes were packed, and not packed since; else ''. */
  @TextColumn('data', { select: false })
  data: string;

  /** The envelope, packed (src/storage/packed-json.ts); NULL in a row not packed yet. */
  @BlobColumn('data_packed', { nullable: true, select: false })
  dataPacked: Buffer | null;

  /** The envelope's size as text, in bytes: what reading it weighs; NULL in a row not packed yet (see `data`). */
  @BigintColumn('data_size', { nullable: true })
  dataSize: number | null;

  @CreatedAtColumn()
  createdAt: number;

  @UpdatedAtColumn()
  updatedAt: number;

  /** The current version's id; empty for entries stored before versions existed (derived from the digest). */
  @VarcharColumn('version', 16, { nullable: true })
  version: string | null;
}
