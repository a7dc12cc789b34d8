import { In, type DataSource } from 'typeorm';
import {
  contentsOf,
  type EntryBundle,
  type EntryTransferStore,
  type ImportOutcome,
  type ImportRecord,
  type TransferContent,
  type TransferFile,
} from '../domain/transfer/entry-transfer-store';
import { FILE_CHUNK_BYTES } from '../domain/files/file-content';
import { AttachmentEntity } from './entities/attachment.entity';
import { EntryEntity } from './entities/entry.entity';
import { EntryRefEntity } from './entities/entry-ref.entity';
import { EntryStateEntity, EntryVersionEntity } from './entities/entry-history.entity';
import { FileContentEntity } from './entities/file-content.entity';
import { MetaEntity } from './entities/meta.entity';
import { fromAttachmentRow, toAttachmentRow } from './attachment.mapper';
import { DatabaseBlobStore } from './blob-store';
import { insertSteps } from './bulk-insert';
import { duplicateIndexOf } from './duplicate-key';
import { fromStateRow, toStateRow, toVersionRow, versionOfRow } from './entry-history.mapper';
import { fromEntryRow } from './entry.mapper';
import { storedJson } from './packed-json';
import { newEntrySteps } from './new-entry-rows';
import { eventSteps } from './event-steps';
import { toContentRow } from './file-content.mapper';
import { fromMetaRow, toMetaRow } from './meta.mapper';
import { runTransaction, type Steps } from './sql-transaction';

/**
 * The whole of a workspace's stored data, read a page of entries at a time for an export, and written an entry
 * per transaction for an import, by the same mappers and INSERT statements as a create.
 */
export class EntryTransferRepository implements EntryTransferStore {
  private readonly blobs: DatabaseBlobStore;

  constructor(private readonly dataSource: DataSource) {
    this.blobs = new DatabaseBlobStore(dataSource);
  }

  async hasEntries(workspaceId: string): Promise<boolean> {
    return (await this.dataSource.getRepository(EntryEntity).findOne({ select: { id: true }, where: { workspaceId } })) !== null;
  }

  async createdAtOf(workspaceId: string, id: string): Promise<Date | undefined> {
    const row = await this.dataSource
      .getRepository(EntryEntity)
      .findOne({ select: { id: true, createdAt: true }, where: { workspaceId, id } });
    return row ? new Date(row.createdAt) : undefined;
  }

  async *pages(
    workspaceId: string,
    options: { since?: Date; after?: { createdAt: Date; id: string }; pageSize: number },
  ): AsyncIterable<EntryBundle[]> {
    let after = options.after ? { createdAt: options.after.createdAt.getTime(), id: options.after.id } : undefined;
    for (;;) {
      // The list's keyset in ascending order, over the (workspace, created_at, id) index: each page starts where the last ended.
      const query = this.dataSource
        .getRepository(EntryEntity)
        .createQueryBuilder('e')
        .addSelect('e.data')
        .addSelect('e.dataPacked')
        .where('e.workspaceId = :workspaceId', { workspaceId });
      if (options.since) query.andWhere('e.createdAt >= :since', { since: options.since.getTime() });
      if (after) {
        query.andWhere('e.createdAt >= :afterTime AND (e.createdAt > :afterTime OR e.id > :afterId)', {
          afterTime: after.createdAt,
          afterId: after.id,
        });
      }
      const rows = await query.orderBy('e.createdAt', 'ASC').addOrderBy('e.id', 'ASC').limit(options.pageSize).getMany();
      if (rows.length === 0) return;
      yield await this.bundlesOf(workspaceId, rows);
      if (rows.length < options.pageSize) return;
      const last = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  /** The parts of a page of entries, a query per table, and the bytes of their files. */
  private async bundlesOf(workspaceId: string, rows: EntryEntity[]): Promise<EntryBundle[]> {
    const ids = rows.map((row) => row.id);
    const where = { workspaceId, entryId: In(ids) };
    const [versions, states, metas, files, refs] = await Promise.all([
      this.dataSource
        .getRepository(EntryVersionEntity)
        .createQueryBuilder('v')
        .addSelect('v.data')
        .addSelect('v.dataPacked')
        .where('v.workspaceId = :workspaceId AND v.entryId IN (:...ids)', { workspaceId, ids })
        .orderBy('v.entryId')
        .addOrderBy('v.seq')
        .getMany(),
      this.dataSource.getRepository(EntryStateEntity).find({ where, order: { entryId: 'ASC', at: 'ASC' } }),
      this.dataSource.getRepository(MetaEntity).find({ where, order: { entryId: 'ASC', createdAt: 'ASC', src: 'ASC', key: 'ASC' } }),
      this.dataSource.getRepository(AttachmentEntity).find({ where, order: { entryId: 'ASC', createdAt: 'ASC', id: 'ASC' } }),
      this.dataSource.getRepository(EntryRefEntity).find({ where: { ...where, context: 'previous' } }),
    ]);
    const bundles = new Map<string, EntryBundle>(
      rows.map((row) => [row.id, { entry: fromEntryRow(row), versions: [], states: [], meta: [], files: [] }]),
    );
    for (const v of versions)
      bundles.get(v.entryId)!.versions.push({ version: versionOfRow({ ...v, src_id: v.srcId }), data: storedJson(v)! });
    for (const s of states) bundles.get(s.entryId)!.states.push(fromStateRow(s));
    for (const m of metas) bundles.get(m.entryId)!.meta.push(fromMetaRow(m));
    for (const r of refs) bundles.get(r.entryId)!.previousId = r.refUuid;
    for (const row of files) bundles.get(row.entryId)!.files.push(await this.withContents(workspaceId, fromAttachmentRow(row)));
    return [...bundles.values()];
  }

  private async withContents(workspaceId: string, file: TransferFile['file']): Promise<TransferFile> {
    const read = async (id: string, hash: string, size: number, createdAt: Date): Promise<TransferContent> => {
      const parts: Buffer[] = [];
      if (size > 0) for await (const part of this.blobs.read(workspaceId, id, 0, size - 1)) parts.push(part);
      return { id, hash, size, createdAt, bytes: Buffer.concat(parts) };
    };
    return {
      file,
      current: file.stored ? await read(file.contentId ?? file.id, file.hash, file.size, file.createdAt) : undefined,
      previous: await Promise.all((file.previous ?? []).map((p) => read(p.id, p.hash, p.size, p.createdAt))),
    };
  }

  async importEntries(
    workspaceId: string,
    records: readonly ImportRecord[],
    options: { stopAtConflict: boolean },
  ): Promise<ImportOutcome[]> {
    if (records.length === 0) return [];
    const { dataSource } = this;
    const steps = (mysql: boolean) => this.batchSteps(workspaceId, records, mysql, options.stopAtConflict);
    try {
      return await runTransaction(dataSource, steps);
    } catch (error) {
      const taken = duplicateIndexOf(error);
      if (taken === undefined) throw error;
      // Another entry holds the key of one of the batch, or the id of one of its files' contents (which one, SQLite
      // does not say): one at a time, so that only that one is left out.
      if (records.length === 1) return [taken === 'key' ? 'key-taken' : 'part-taken'];
      const outcomes: ImportOutcome[] = [];
      for (const record of records) {
        const [outcome] = await this.importEntries(workspaceId, [record], options);
        outcomes.push(outcome);
        if (outcome === 'conflict' && options.stopAtConflict) break;
      }
      return outcomes;
    }
  }

  /**
   * The rows of the entries of a batch whose ids are not present, with multi-row INSERTs (the same mappers and
   * statements as a create's): one round trip per table and slice of rows, not per entry. An id met earlier in
   * the batch counts as present.
   */
  private *batchSteps(
    workspaceId: string,
    records: readonly ImportRecord[],
    mysql: boolean,
    stopAtConflict: boolean,
  ): Steps<ImportOutcome[]> {
    const { dataSource, blobs } = this;
    const ids = [...new Set(records.map((r) => r.entry.id))];
    const found: { id: string; digest_alg: string; digest_val: string; version: string | null }[] = yield {
      sql: `SELECT id, digest_alg, digest_val, version FROM entries WHERE workspace_id = ? AND id IN (${ids.map(() => '?').join(', ')})${mysql ? ' FOR UPDATE' : ''}`,
      parameters: [workspaceId, ...ids],
    };
    const known = new Map(found.map((row) => [row.id, `${row.digest_alg}:${row.digest_val}:${row.version ?? ''}`]));
    const outcomes: ImportOutcome[] = [];
    const writing: ImportRecord[] = [];
    for (const record of records) {
      const { entry } = record;
      const mine = `${entry.digest.alg}:${entry.digest.val}:${entry.version ?? ''}`;
      const stored = known.get(entry.id);
      const outcome: ImportOutcome = stored === undefined ? 'imported' : stored === mine ? 'present' : 'conflict';
      outcomes.push(outcome);
      if (outcome === 'imported') {
        writing.push(record);
        known.set(entry.id, mine);
      }
      if (outcome === 'conflict' && stopAtConflict) break;
    }
    if (writing.length === 0) return outcomes;
    yield* newEntrySteps(dataSource, writing, mysql);
    yield* insertSteps(
      dataSource,
      EntryVersionEntity,
      writing.flatMap((r) => r.versions.map((v, i) => toVersionRow(workspaceId, r.entry.id, i + 1, v.version, v.data))),
    );
    yield* insertSteps(
      dataSource,
      EntryStateEntity,
      writing.flatMap((r) => r.states.map((s) => toStateRow(workspaceId, s))),
    );
    yield* insertSteps(
      dataSource,
      MetaEntity,
      writing.flatMap((r) => r.meta.map((m) => toMetaRow(workspaceId, m))),
    );
    const contents: FileContentEntity[] = [];
    for (const record of writing) {
      for (const transfer of record.files) {
        const { file } = transfer;
        for (const content of contentsOf(transfer)) {
          yield* blobs.writeSteps(workspaceId, content.id, chunksOf(content.bytes ?? Buffer.alloc(0)));
          contents.push(
            toContentRow(
              workspaceId,
              record.entry.id,
              { id: content.id, fileId: file.id, size: content.size, hash: content.hash },
              content.createdAt.getTime(),
            ),
          );
        }
      }
    }
    yield* insertSteps(dataSource, FileContentEntity, contents);
    yield* insertSteps(
      dataSource,
      AttachmentEntity,
      writing.flatMap((r) => r.files.map(({ file }) => toAttachmentRow(workspaceId, file))),
    );
    yield* eventSteps(writing.flatMap((r) => r.events));
    return outcomes;
  }
}

/** Bytes in the chunks the blob store keeps, FILE_CHUNK_BYTES each. */
function chunksOf(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += FILE_CHUNK_BYTES) chunks.push(bytes.subarray(start, start + FILE_CHUNK_BYTES));
  return chunks;
}
