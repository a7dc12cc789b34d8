import { nextSlice } from '../domain/runtime';
import type { DataSource, Repository } from 'typeorm';
import type { Attachment } from '../domain/entries/model/entry';
import { EntryMissing, LimitBreach, WriteConflict } from '../domain/shared/store-errors';
import type { FileContent } from '../domain/files/file-content';
import type { FileStore, FileWriteState, StoredContent } from '../domain/files/file-store';
import { AttachmentEntity } from './entities/attachment.entity';
import { FileContentEntity } from './entities/file-content.entity';
import type { BlobStore } from './blob-store';
import { fromAttachmentRow, toAttachmentRow } from './attachment.mapper';
import { fromContentRow, toContentRow } from './file-content.mapper';
import { hydratedRow, rowUpdate } from './row-statements';
import { preparedInsert } from './bulk-insert';
import { duplicateIndexOf } from './duplicate-key';
import { runTransaction, type Steps } from './sql-transaction';
import { announceSteps } from './event-steps';
import type { EventsOf } from '../domain/entries/model/entry-event';
import { heavierPastLimit, partsWeightStep, weightOf } from './entry-weight';

/** Files of entries: their rows (entry_attachments), their contents' rows, and the bytes through a BlobStore. */
export class FileRepository implements FileStore {
  private readonly files: Repository<AttachmentEntity>;
  private readonly contents: Repository<FileContentEntity>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly blobs: BlobStore,
    /** ENTRY_PARTS_LIMIT: the most the entry's files and meta rows may weigh (see entry-weight.ts). */
    private readonly partsLimit: number,
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
    return row ? fromContentRow(row) : undefined;
  }

  async writeFile(
    workspaceId: string,
    entryId: string,
    id: string,
    content: { id: string; bytes: FileContent } | undefined,
    next: (state: FileWriteState) => Attachment,
    events?: EventsOf,
  ): Promise<Attachment> {
    const { dataSource, blobs, partsLimit } = this;
    // SQLite runs a transaction in one synchronous call, which for a content of megabytes would hold the HTTP
    // thread: there its chunks are written first, one statement at a time with turns of the event loop between,
    // and count only once the file's transaction has inserted the content's row (deleted again if it fails).
    // On MySQL/MariaDB the statements are awaited anyway: the chunks are part of the one transaction.
    const staged = content !== undefined && dataSource.options.type !== 'mysql';
    if (staged) {
      for (const step of blobs.writeSteps(workspaceId, content.id, content.bytes.chunks)) {
        await runTransaction(dataSource, function* () {
          yield step;
        });
        await nextSlice();
      }
    }
    try {
      // On MySQL/MariaDB the whole transaction runs again after a deadlock or a cluster's certification conflict.
      return await runTransaction(dataSource, function* (mysql): Steps<Attachment> {
        const lock = mysql ? ' FOR UPDATE' : '';
        // The bytes first, before any lock is taken: a large content does not hold up the entry's other writes.
        if (content) {
          if (!staged) yield* blobs.writeSteps(workspaceId, content.id, content.bytes.chunks);
          const stored = { id: content.id, fileId: id, size: content.bytes.size, hash: content.bytes.hash };
          yield preparedInsert(dataSource, FileContentEntity, toContentRow(workspaceId, entryId, stored, Date.now()));
        }
        // The entry's row, locked: the writes of one entry's files take turns from here to the commit, so each reads
        // what the one before it wrote (its version, its placeholder's content, its count of files).
        const entry: unknown[] = yield {
          sql: `SELECT id FROM entries WHERE workspace_id = ? AND id = ?${lock}`,
          parameters: [workspaceId, entryId],
        };
        if (entry.length === 0) throw new EntryMissing();
        const rows: Record<string, unknown>[] = yield {
          sql: `SELECT * FROM entry_attachments WHERE workspace_id = ? AND entry_id = ? AND id = ?${lock}`,
          parameters: [workspaceId, entryId, id],
        };
        const current = rows[0] ? fromAttachmentRow(hydratedRow(dataSource, AttachmentEntity, rows[0])) : undefined;
        let filesOnEntry = 0;
        if (!current) {
          const counted: { files: number | string }[] = yield {
            sql: 'SELECT COUNT(*) AS files FROM entry_attachments WHERE workspace_id = ? AND entry_id = ?',
            parameters: [workspaceId, entryId],
          };
          filesOnEntry = Number(counted[0]?.files ?? 0);
        }
        const file = next({ current, filesOnEntry });
        const kept = contentIdsOf(file);
        for (const gone of current ? contentIdsOf(current) : []) {
          if (kept.has(gone)) continue;
          yield* blobs.deleteSteps(workspaceId, gone);
          yield { sql: 'DELETE FROM file_contents WHERE workspace_id = ? AND id = ?', parameters: [workspaceId, gone] };
        }
        const row = toAttachmentRow(workspaceId, file);
        const weight = partsWeightStep(workspaceId, entryId);
        const weightBefore = weightOf(yield weight);
        yield current ? rowUpdate(dataSource, AttachmentEntity, row) : preparedInsert(dataSource, AttachmentEntity, row);
        // Under the entry's lock: the writes of its files take turns, so each weighs what the one before it wrote.
        const weightAfter = weightOf(yield weight);
        if (heavierPastLimit(weightBefore, weightAfter, partsLimit)) throw new LimitBreach('parts', weightAfter, partsLimit);
        yield* announceSteps(dataSource, workspaceId, entryId, events);
        return file;
      });
    } catch (error) {
      if (staged) {
        await runTransaction(dataSource, function* () {
          yield* blobs.deleteSteps(workspaceId, content.id);
        }).catch(() => undefined);
      }
      // The entry's lock keeps two writes of one file apart; should a row meet another all the same, it is a
      // conflict to try again, not a fault.
      if (duplicateIndexOf(error)) throw new WriteConflict('file');
      throw error;
    }
  }

  readContent(workspaceId: string, contentId: string, start: number, end: number): AsyncIterable<Buffer> {
    return this.blobs.read(workspaceId, contentId, start, end);
  }
}

/** The contents a file refers to: its current one (once stored) and its versions'. */
function contentIdsOf(file: Attachment): Set<string> {
  const ids = new Set(file.previous?.map((version) => version.id) ?? []);
  if (file.stored) ids.add(file.contentId ?? file.id);
  return ids;
}
