import { Entity } from 'typeorm';
import { BigintColumn, BlobColumn, BooleanColumn, CreatedAtColumn, IntColumn, TextColumn, UuidColumn, VarcharColumn } from './columns';
import { EntryRow } from './rows';

/** One version of an entry, with the envelope it had. Written once an entry changes (see AddEntryHistory). */
@Entity({ name: 'entry_versions' })
export class EntryVersionEntity extends EntryRow {
  /** 1 for the first version, then one more for each. */
  @IntColumn('seq', { primary: true })
  seq: number;

  @VarcharColumn('version', 16)
  version: string;

  @BigintColumn('at')
  at: number;

  @BooleanColumn('invalid')
  invalid: boolean;

  @BooleanColumn('signed')
  signed: boolean;

  @VarcharColumn('src', 64)
  src: string;

  @UuidColumn('src_id', { nullable: true })
  srcId: string | null;

  /** As in `entries`: the envelope as text only in a row not packed yet, else ''. */
  @TextColumn('data', { select: false })
  data: string;

  @BlobColumn('data_packed', { nullable: true, select: false })
  dataPacked: Buffer | null;
}

/** One state of an entry; the one with the latest `at` is the entry's `state`. */
@Entity({ name: 'entry_states' })
export class EntryStateEntity extends EntryRow {
  @BigintColumn('at', { primary: true })
  at: number;

  @UuidColumn('id')
  id: string;

  @VarcharColumn('state_key', 32)
  key: string;

  @TextColumn('notes', { nullable: true })
  notes: string | null;

  @TextColumn('meta', { nullable: true })
  meta: string | null;

  @VarcharColumn('src', 64)
  src: string;

  @UuidColumn('src_id', { nullable: true })
  srcId: string | null;

  @CreatedAtColumn()
  createdAt: number;
}
