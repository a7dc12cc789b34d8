import type { DataSource, Repository } from 'typeorm';
import type { Attachment } from '../domain/entry';
import type { FileContent } from '../domain/file-content';
import type { FileStore, StoredContent } from '../domain/file-store';
import { AttachmentEntity } from './entities/attachment.entity';
import { FileContentEntity } from './entities/file-content.entity';
import type { BlobStore } from './blob-store';
import { fromAttachmentRow, toAttachmentRow } from './attachment-rows';
import { withRetries } from './transient-errors';

/** Files of entries: their rows (entry_attachments), their contents' rows, and the bytes through a BlobStore. */
export class FileRepository implements FileStore {
  private readonly files: Repository<AttachmentEntity>;
  private readonly contents: Repository<FileContentEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly blobs: BlobStore,
  ) {
    this.files = dataSource.getRepository(AttachmentEntity);
    this.contents = dataSource.getRepository(FileContentEntity);
  }

  async findFile(workspaceId: string, entryId: string, id: string): Promise<Attachment | undefined> {
    const row = await this.files.findOne({ where: { workspaceId, entryId, id } });
    return row ? fromAttachmentRow(row) : undefined;
  }

  async findContent(workspaceId: string, entryId: string, contentId: string): Promise<StoredContent | undefined> {
    const row = await this.contents.findOne({ where: { workspaceId, entryId, id: contentId } });
    return row ? { id: row.id, fileId: row.fileId, size: row.size, hash: row.hash } : undefined;
  }

  async saveFile(workspaceId: string, file: Attachment, content: FileContent | undefined, options: { replacing: boolean }): Promise<void> {
    // The whole transaction again on a deadlock or a cluster's certification conflict.
    await withRetries(() => this.dataSource.transaction(async (manager) => {
      if (content) {
        const contentId = file.contentId!;
        await manager.insert(FileContentEntity, {
          workspaceId, id: contentId, entryId: file.entryId, fileId: file.id, size: content.size, hash: content.hash, createdAt: Date.now(),
        });
        await this.blobs.write(manager, workspaceId, contentId, content.chunks);
      }
      const row = toAttachmentRow(workspaceId, file);
      if (options.replacing) await manager.update(AttachmentEntity, { workspaceId, entryId: file.entryId, id: file.id }, row);
      else await manager.insert(AttachmentEntity, row);
    }));
  }

  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer> {
    return this.blobs.read(workspaceId, contentId, start, end);
  }
}
