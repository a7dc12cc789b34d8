import { LessThanOrEqual, MoreThan, type DataSource, type Repository } from 'typeorm';
import type { FileContent } from '../domain/files/file-content';
import type { SpoolItem, SpoolStore } from '../domain/spool/spool-store';
import type { BlobStore } from './blob-store';
import { SpoolItemEntity } from './entities/spool-item.entity';
import { fromSpoolRow, toSpoolRow } from './spool-item.mapper';
import { preparedInsert } from './bulk-insert';
import { runTransaction, type Steps } from './sql-transaction';

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
    const { dataSource, blobs } = this;
    // The row and its bytes together (the whole transaction again on MySQL after a deadlock or a certification conflict).
    await runTransaction(dataSource, function* () {
      yield preparedInsert(dataSource, SpoolItemEntity, toSpoolRow(workspaceId, item));
      yield* blobs.writeSteps(workspaceId, item.contentId, content.chunks);
    });
  }

  async find(workspaceId: string, key: string): Promise<SpoolItem | undefined> {
    const row = await this.items.findOne({ where: { workspaceId, key } });
    return row ? fromSpoolRow(row) : undefined;
  }

  async delete(workspaceId: string, key: string): Promise<boolean> {
    const { blobs } = this;
    return runTransaction(this.dataSource, function* (mysql): Steps<boolean> {
      const rows: { content_id: string }[] = yield {
        sql: `SELECT content_id FROM spool_items WHERE workspace_id = ? AND spool_key = ?${mysql ? ' FOR UPDATE' : ''}`,
        parameters: [workspaceId, key],
      };
      if (rows.length === 0) return false;
      yield* blobs.deleteSteps(workspaceId, rows[0].content_id);
      yield { sql: 'DELETE FROM spool_items WHERE workspace_id = ? AND spool_key = ?', parameters: [workspaceId, key] };
      return true;
    });
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
