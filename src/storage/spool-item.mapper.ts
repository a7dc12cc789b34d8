import type { SpoolItem } from '../domain/spool/spool-store';
import type { SpoolItemEntity } from './entities/spool-item.entity';

/** A spooled file as its spool_items row, and back. */
export const toSpoolRow = (workspaceId: string, item: SpoolItem): SpoolItemEntity => ({
  workspaceId,
  key: item.key,
  name: item.name,
  mime: item.mime,
  size: item.size,
  hash: item.hash,
  contentId: item.contentId,
  createdAt: item.createdAt.getTime(),
  expiresAt: item.expiresAt.getTime(),
});

export const fromSpoolRow = (row: SpoolItemEntity): SpoolItem => ({
  key: row.key,
  name: row.name,
  mime: row.mime,
  size: row.size,
  hash: row.hash,
  contentId: row.contentId,
  createdAt: new Date(row.createdAt),
  expiresAt: new Date(row.expiresAt),
});
