import type { DataSource, EntityManager } from 'typeorm';
import { FILE_CHUNK_BYTES } from '../domain/file-content';
import { FileChunkEntity } from './entities/file-content.entity';

/**
 * Where the bytes of files go: one small interface, so that another store (a bucket, a folder) can take
 * the database's place. Writes join the caller's transaction, so a content is stored with its file or not at all.
 */
export interface BlobStore {
  write(manager: EntityManager, workspaceId: string, contentId: string, chunks: Buffer[]): Promise<void>;
  /** Bytes `start` to `end` (inclusive), one chunk in memory at a time. */
  read(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer>;
  /** Forgets a content's bytes (a spooled file that is deleted or expired), in the caller's transaction. */
  delete(manager: EntityManager, workspaceId: string, contentId: string): Promise<void>;
}

/** Contents in the database, a row per chunk of FILE_CHUNK_BYTES: transactional with the entry, and backed up with it. */
export class DatabaseBlobStore implements BlobStore {
  constructor(private readonly dataSource: DataSource) {}

  async write(manager: EntityManager, workspaceId: string, contentId: string, chunks: Buffer[]): Promise<void> {
    // One row per statement: a packet never carries more than one chunk.
    for (const [seq, bytes] of chunks.entries()) await manager.insert(FileChunkEntity, { workspaceId, contentId, seq, bytes });
  }

  async delete(manager: EntityManager, workspaceId: string, contentId: string): Promise<void> {
    await manager.delete(FileChunkEntity, { workspaceId, contentId });
  }

  async *read(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer> {
    const chunks = this.dataSource.getRepository(FileChunkEntity);
    const first = Math.floor(start / FILE_CHUNK_BYTES);
    const last = Math.floor(end / FILE_CHUNK_BYTES);
    for (let seq = first; seq <= last; seq++) {
      const [row] = await chunks.find({ where: { workspaceId, contentId, seq } });
      if (!row) return;
      const offset = seq * FILE_CHUNK_BYTES;
      const bytes = Buffer.from(row.bytes);
      yield bytes.subarray(Math.max(start - offset, 0), Math.min(end - offset + 1, bytes.length));
    }
  }
}
