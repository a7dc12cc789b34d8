import { Entity } from 'typeorm';
import { BooleanColumn, CreatedAtColumn, TextColumn, UpdatedAtColumn, VarcharColumn } from './columns';
import { EntryRow } from './rows';

@Entity({ name: 'entry_meta' })
export class MetaEntity extends EntryRow {
  @VarcharColumn('src', 64, { primary: true })
  src: string;

  @VarcharColumn('meta_key', 255, { primary: true })
  key: string;

  @TextColumn('value', { nullable: true })
  value: string | null;

  @VarcharColumn('ref', 255, { nullable: true })
  ref: string | null;

  @VarcharColumn('owner_id', 255, { nullable: true })
  ownerId: string | null;

  @BooleanColumn('owned')
  owned: boolean;

  @BooleanColumn('indexed')
  indexed: boolean;

  @BooleanColumn('secure')
  secure: boolean;

  @BooleanColumn('shared')
  shared: boolean;

  @VarcharColumn('link_scope', 64, { nullable: true })
  linkScope: string | null;

  @TextColumn('link_url', { nullable: true })
  linkUrl: string | null;

  @CreatedAtColumn()
  createdAt: number;

  @UpdatedAtColumn()
  updatedAt: number;
}
