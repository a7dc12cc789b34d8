import type { DataSource } from 'typeorm';
import { FILE_CHUNK_BYTES } from '../domain/files/file-content';
import { preparedInsert } from './bulk-insert';
import { FileChunkEntity } from './entities/file-content.entity';
import type { Step } from './sql-transaction';

/**
 * Where the bytes of files go: one small interface, so that another store (a bucket, a folder) can take
 * the database's place. Writes and deletes are statements of the caller's transaction (src/storage/sql-transaction.ts),
 * so a content is stored with its file or not at all, and goes with the version that referred to it.
 */
export interface BlobStore {
  writeSteps(workspaceId: string, contentId: string, chunks: Buffer[]): Step[];
  deleteSteps(workspaceId: string, contentId: string): Step[];
  /** Bytes `start` to `end` (inclusive), one chunk in memory at a time. */
  read(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer>;
}

/** Contents in the database, a row per chunk of FILE_CHUNK_BYTES: transactional with the entry, and backed up with it. */
export class DatabaseBlobStore implements BlobStore {
  constructor(private readonly dataSource: DataSource) {}

  writeSteps(workspaceId: string, contentId: string, chunks: Buffer[]): Step[] {
    // One row per statement: a packet never carries more than one chunk.
    return chunks.map((bytes, seq) =>
      preparedInsert(this.dataSource, FileChunkEntity, Object.assign(new FileChunkEntity(), { workspaceId, contentId, seq, bytes })),
    );
  }

  deleteSteps(workspaceId: string, contentId: string): Step[] {
    return [{ sql: 'DELETE FROM file_content_chunks WHERE workspace_id = ? AND content_id = ?', parameters: [workspaceId, contentId] }];
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
