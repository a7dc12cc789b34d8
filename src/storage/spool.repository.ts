import { LessThanOrEqual, MoreThan, type DataSource, type Repository } from 'typeorm';
import type { FileContent } from '../domain/file-content';
import type { SpoolItem, SpoolStore } from '../domain/spool-store';
import type { BlobStore } from './blob-store';
import { SpoolItemEntity } from './entities/spool-item.entity';
import { withRetries } from './transient-errors';

/** Spooled files: their rows (spool_items), and their bytes through the BlobStore files use. */
export class SpoolRepository implements SpoolStore {
  private readonly items: Repository<SpoolItemEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly blobs: BlobStore,
  ) {
    this.items = dataSource.getRepository(SpoolItemEntity);
  }

  countLive(workspaceId: string, now: Date): Promise<number> {
    return this.items.count({ where: { workspaceId, expiresAt: MoreThan(now.getTime()) } });
  }

  async save(workspaceId: string, item: SpoolItem, content: FileContent): Promise<void> {
    // The whole transaction again on a deadlock or a cluster's certification conflict.
    await withRetries(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.insert(SpoolItemEntity, toRow(workspaceId, item));
        await this.blobs.write(manager, workspaceId, item.contentId, content.chunks);
      }),
    );
  }

  async find(workspaceId: string, key: string): Promise<SpoolItem | undefined> {
    const row = await this.items.findOne({ where: { workspaceId, key } });
    return row ? fromRow(row) : undefined;
  }

  async delete(workspaceId: string, key: string): Promise<boolean> {
    return withRetries(() =>
      this.dataSource.transaction(async (manager) => {
        const row = await manager.findOne(SpoolItemEntity, { where: { workspaceId, key } });
        if (!row) return false;
        await this.blobs.delete(manager, workspaceId, row.contentId);
        await manager.delete(SpoolItemEntity, { workspaceId, key });
        return true;
      }),
    );
  }

  async findExpired(now: Date, limit: number): Promise<{ workspaceId: string; key: string }[]> {
    const rows = await this.items.find({
      select: { workspaceId: true, key: true },
      where: { expiresAt: LessThanOrEqual(now.getTime()) },
      order: { expiresAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({ workspaceId: row.workspaceId, key: row.key }));
  }

  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer> {
    return this.blobs.read(workspaceId, contentId, start, end);
  }
}

const toRow = (workspaceId: string, item: SpoolItem): SpoolItemEntity => ({
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

const fromRow = (row: SpoolItemEntity): SpoolItem => ({
  key: row.key,
  name: row.name,
  mime: row.mime,
  size: row.size,
  hash: row.hash,
  contentId: row.contentId,
  createdAt: new Date(row.createdAt),
  expiresAt: new Date(row.expiresAt),
});
