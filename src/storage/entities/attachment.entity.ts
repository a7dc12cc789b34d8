import { Entity } from 'typeorm';
import { BigintColumn, BooleanColumn, CreatedAtColumn, TextColumn, UuidColumn, VarcharColumn } from './columns';
import { EntryRow } from './rows';

@Entity({ name: 'entry_attachments' })
export class AttachmentEntity extends EntryRow {
  @VarcharColumn('id', 64, { primary: true })
  id: string;

  @VarcharColumn('name', 255)
  name: string;

  @TextColumn('description', { nullable: true })
  desc: string | null;

  @VarcharColumn('mime', 255)
  mime: string;

  @BigintColumn('size')
  size: number;

  @VarcharColumn('hash', 128)
  hash: string;

  @BooleanColumn('stored')
  stored: boolean;

  @TextColumn('url', { nullable: true })
  url: string | null;

  @TextColumn('meta', { nullable: true })
  meta: string | null;

  @VarcharColumn('file_key', 255, { nullable: true })
  key: string | null;

  @VarcharColumn('category', 64, { nullable: true })
  category: string | null;

  @BooleanColumn('embeddable', { default: false })
  embeddable: boolean;

  @BooleanColumn('private', { default: false })
  private: boolean;

  /** Earlier versions, as JSON: [{id, created_at, hash, size}], newest first. */
  @TextColumn('previous', { nullable: true })
  previous: string | null;

  @UuidColumn('content_id', { nullable: true })
  contentId: string | null;

  @CreatedAtColumn()
  createdAt: number;
}
