import { Entity } from 'typeorm';
import { BigintColumn, CreatedAtColumn, UuidColumn, VarcharColumn } from './columns';
import { WorkspaceRow } from './rows';

/** A spooled temporary file: what it is and until when; its bytes are chunks under `contentId`, as a file's. */
@Entity({ name: 'spool_items' })
export class SpoolItemEntity extends WorkspaceRow {
  @VarcharColumn('spool_key', 160, { primary: true })
  key: string;

  @VarcharColumn('name', 255)
  name: string;

  @VarcharColumn('mime', 255)
  mime: string;

  @BigintColumn('size')
  size: number;

  @VarcharColumn('hash', 64)
  hash: string;

  @UuidColumn('content_id')
  contentId: string;

  @CreatedAtColumn()
  createdAt: number;

  @BigintColumn('expires_at')
  expiresAt: number;
}
