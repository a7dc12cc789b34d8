import { In, type DataSource, type Repository } from 'typeorm';
import type { Envelope } from '../document';
import type { Attachment, Entry, Meta } from '../domain/entries/model/entry';
import type { EntryVersion } from '../domain/entries/model/entry-history';
import {
  DuplicateEntryError,
  type EntryPartSizes,
  type EntryRecord,
  type EntryStore,
  type EntryVersionsShown,
  type ListSlice,
  type RelatedSlice,
} from '../domain/entries/model/entry-store';
import { AttachmentEntity } from './entities/attachment.entity';
import { fromAttachmentRow } from './attachment.mapper';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';
import { duplicateIndexOf } from './duplicate-key';
import { loadVersions, loadVersionsBefore } from './entry-history.repository';
import { DOCUMENT_COLUMNS, fromEntryRow, KEYLESS } from './entry.mapper';
import { fromMetaRow } from './meta.mapper';
import { nextSlice } from '../domain/runtime';
import { relatedPage } from './related-page';
import { amountPage } from './amount-page';
import type { SqliteReaders } from './sqlite-readers';
import { ATTACHMENT_WEIGHT, META_WEIGHT } from './entry-weight';
import { runTransaction, type Steps } from './sql-transaction';
import { storedJson } from './packed-json';
import { eventSteps } from './event-steps';
import { newEntryRowSteps, newEntrySteps, type NewEntryRows } from './new-entry-rows';

const LIST_COLUMNS = [
  'workspaceId',
  'id',
  'key',
  'folder',
  'docSchema',
  'envSchema',
  'state',
  ...DOCUMENT_COLUMNS,
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies readonly (keyof EntryEntity)[];

/** The columns that hold the envelope: packed, or as text in a row not packed yet. */
const DATA_COLUMNS = ['data', 'dataPacked'] as const satisfies readonly (keyof EntryEntity)[];

const selectOf = (columns: readonly (keyof EntryEntity)[]) => Object.fromEntries(columns.map((c) => [c, true]));

/** Entries in a relational database through TypeORM. Returns plain domain objects. */
export class EntryRepository implements EntryStore {
  private readonly entries: Repository<EntryEntity>;
  private readonly attachments: Repository<AttachmentEntity>;
  private readonly metas: Repository<MetaEntity>;

  /** `readers`: SQLite's reader threads, for the reads too costly for the HTTP thread (see SqliteReaders). */
  constructor(
    private readonly dataSource: DataSource,
    private readonly readers?: SqliteReaders,
  ) {
    this.entries = dataSource.getRepository(EntryEntity);
    this.attachments = dataSource.getRepository(AttachmentEntity);
    this.metas = dataSource.getRepository(MetaEntity);
  }

  /**
   * Stores new entries (one create, or a batch of a bulk import) as the domain recorded them: their rows, the
   * documents they name and their search rows, in one transaction, with multi-row INSERTs: all or none, and a
   * search right after the create finds it. Retried on MySQL after a deadlock or a cluster's certification
   * conflict; an id or key already taken is a DuplicateEntryError.
   */
  async insert(records: readonly EntryRecord[]): Promise<void> {
    if (records.length === 0) return;
    const { dataSource } = this;
    await this.runInsert(
      function* (mysql) {
        yield* newEntrySteps(dataSource, records, mysql);
        yield* eventSteps(records.flatMap((record) => record.events?.(record.entry) ?? []));
      },
      records.map((record) => record.entry),
    );
  }

  /**
   * Stores new entries whose rows `newEntryRows` made elsewhere (a thread of the bulk import), as `insert` stores
   * them. Their records' events, if any, are the caller's.
   */
  async insertRows(rows: NewEntryRows): Promise<void> {
    if (rows.entries.length === 0) return;
    const { dataSource } = this;
    await this.runInsert(
      (mysql) => newEntryRowSteps(dataSource, rows, mysql),
      rows.entries.map((row) => ({ workspaceId: row.workspaceId, id: row.id, key: row.key ?? undefined })),
    );
  }

  private async runInsert(steps: (mysql: boolean) => Steps<void>, entries: readonly EntryName[]): Promise<void> {
    try {
      await runTransaction(this.dataSource, steps);
    } catch (error) {
      const index = duplicateIndexOf(error);
      if (!index) throw error;
      // A keyless entry's slot is its id: meeting the key index then means the id is taken. One entry tells which
      // it is by itself; in a batch, SQLite does not say which row failed.
      if (index === 'key') {
        const idTaken = entries.length === 1 ? entries[0].key === undefined : await this.anyIdTaken(entries);
        throw new DuplicateEntryError(idTaken ? 'id' : 'key');
      }
      throw new DuplicateEntryError('id');
    }
  }

  /**
   * After a batch met the key index: whether it was for an id (a keyless entry's slot is its id, and SQLite
   * does not say which row failed). True when an id of the batch is stored already or repeated in it.
   */
  private async anyIdTaken(entries: readonly EntryName[]): Promise<boolean> {
    if (new Set(entries.map((e) => `${e.workspaceId}\n${e.id}`)).size < entries.length) return true;
    const byWorkspace = new Map<string, string[]>();
    for (const e of entries) {
      const ids = byWorkspace.get(e.workspaceId) ?? [];
      ids.push(e.id);
      byWorkspace.set(e.workspaceId, ids);
    }
    for (const [workspaceId, ids] of byWorkspace) {
      if ((await this.entries.count({ where: { workspaceId, id: In(ids) } })) > 0) return true;
    }
    return false;
  }

  async findById(workspaceId: string, id: string, options: { withData: boolean }): Promise<Entry | undefined> {
    return this.findOne({ workspaceId, id }, options.withData);
  }

  async findByKey(workspaceId: string, key: string, options: { withData: boolean }): Promise<Entry | undefined> {
    // Through the unique index; a key never starts with the keyless mark (keys hold no control characters).
    if (key.startsWith(KEYLESS)) return undefined;
    return this.findOne({ workspaceId, keySlot: key }, options.withData);
  }

  /** Entries by id, without `data` or parts, in no particular order (search results). */
  async findByIds(workspaceId: string, ids: string[]): Promise<Entry[]> {
    if (ids.length === 0) return [];
    const rows = await this.entries.find({ select: selectOf(LIST_COLUMNS), where: { workspaceId, id: In(ids) } });
    return rows.map(fromEntryRow);
  }

  async list(workspaceId: string, slice: ListSlice): Promise<Entry[]> {
    if (slice.orderBy === 'amount') return (await amountPage(this.entries, LIST_COLUMNS, workspaceId, slice)).map(fromEntryRow);
    const query = this.entries
      .createQueryBuilder('e')
      .select(LIST_COLUMNS.map((c) => `e.${c}`))
      .where('e.workspaceId = :workspaceId', { workspaceId });
    if (slice.folder !== undefined) query.andWhere('e.folder = :folder', { folder: slice.folder });
    if (slice.state !== undefined) query.andWhere('e.state = :state', { state: slice.state });
    // Oldest first is the same walk of the same index the other way: `createdAt` a lower bound, the keyset mirrored.
    const [bound, beyond, order] = slice.ascending ? (['>=', '>', 'ASC'] as const) : (['<=', '<', 'DESC'] as const);
    const time = 'e.createdAt';
    if (slice.createdAt !== undefined) query.andWhere(`${time} ${bound} :createdAt`, { createdAt: slice.createdAt.getTime() });
    if (slice.after !== undefined) {
      // Keyset: strictly after the last entry of the previous page, ties broken by id. The leading `<=` (`>=`) gives
      // every engine an index range to start from, so a deep page costs what the first one does.
      query.andWhere(`${time} ${bound} :afterTime AND (${time} ${beyond} :afterTime OR e.id ${beyond} :afterId)`, {
        afterTime: slice.after.createdAt,
        afterId: slice.after.id,
      });
    }
    const rows = await query.orderBy(time, order).addOrderBy('e.id', order).limit(slice.limit).getMany();
    return rows.map(fromEntryRow);
  }

  /** A page of a related list: its rows found by relatedPage, then those entries only. */
  async listRelated(workspaceId: string, slice: RelatedSlice): Promise<Entry[]> {
    const readers = this.readers;
    // Whether the reader thread has room is asked when the read is handed over, not here: relatedPage awaits first.
    const here = (sql: string, parameters: unknown[]) => this.dataSource.query(sql, parameters) as Promise<unknown[]>;
    const offThread = readers ? (sql: string, parameters: unknown[]) => readers.query(sql, parameters, here) : undefined;
    const rows = await relatedPage(this.dataSource, workspaceId, slice, offThread);
    const found = new Map(
      (
        await this.findByIds(
          workspaceId,
          rows.map((row) => row.id),
        )
      ).map((entry) => [entry.id, entry]),
    );
    return rows.flatMap((row) => {
      const entry = found.get(row.id);
      return entry ? [{ ...entry, context: row.context }] : [];
    });
  }

  async loadData(workspaceId: string, ids: string[]): Promise<Map<string, Envelope | undefined>> {
    const found = new Map<string, Envelope | undefined>();
    if (ids.length === 0) return found;
    const rows = await this.entries.find({ select: selectOf(['id', ...DATA_COLUMNS]), where: { workspaceId, id: In(ids) } });
    for (const row of rows) found.set(row.id, JSON.parse(storedJson(row)!) as Envelope);
    return found;
  }

  async dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    if (ids.length === 0) return sizes;
    // A packed row knows its size as text; one not packed yet has it as text. OCTET_LENGTH on both engines: bytes,
    // not characters; SQLite reads it from the record header, not the text.
    const rows: { id: string; size: number | string | null }[] = await this.entries
      .createQueryBuilder('e')
      .select('e.id', 'id')
      .addSelect('COALESCE(e.data_size, OCTET_LENGTH(e.data))', 'size')
      .where('e.workspaceId = :workspaceId AND e.id IN (:...ids)', { workspaceId, ids })
      .getRawMany();
    for (const row of rows) sizes.set(row.id, Number(row.size ?? 0));
    return sizes;
  }

  async partSizes(workspaceId: string, ids: string[]): Promise<Map<string, EntryPartSizes>> {
    const sizes = new Map<string, EntryPartSizes>();
    if (ids.length === 0) return sizes;
    const marks = ids.map(() => '?').join(', ');
    // Bytes of every text a row shows, and a few hundred for its fixed fields; OCTET_LENGTH reads no text into the answer.
    const rows: { part: 'attachments' | 'meta'; id: string; size: number | string | null }[] = await this.dataSource.query(
      `${ATTACHMENT_WEIGHT} AND entry_id IN (${marks}) GROUP BY entry_id UNION ALL ${META_WEIGHT} AND entry_id IN (${marks}) GROUP BY entry_id`,
      [workspaceId, ...ids, workspaceId, ...ids],
    );
    for (const row of rows) {
      const sized = sizes.get(row.id) ?? { attachments: 0, meta: 0 };
      sized[row.part] = Number(row.size ?? 0);
      sizes.set(row.id, sized);
    }
    return sizes;
  }

  async attachmentsOf(workspaceId: string, ids: string[], weight?: number, heavy = false): Promise<Map<string, Attachment[]>> {
    if (ids.length === 0) return new Map();
    const rows = await inSlices<AttachmentEntity>(weight, heavy, attachmentWeight, (after, rowsPerSlice) => {
      const query = this.attachments
        .createQueryBuilder('a')
        .where('a.workspaceId = :workspaceId AND a.entryId IN (:...ids)', { workspaceId, ids })
        .orderBy('a.entryId', 'ASC')
        .addOrderBy('a.id', 'ASC')
        .limit(rowsPerSlice);
      if (after)
        query.andWhere('(a.entryId > :entryId OR (a.entryId = :entryId AND a.id > :id))', { entryId: after.entryId, id: after.id });
      return query.getMany();
    });
    rows.sort((a, b) => a.createdAt - b.createdAt || compare(a.id, b.id));
    return groupBy(rows.map(fromAttachmentRow), (a) => a.entryId);
  }

  async metaOf(workspaceId: string, ids: string[], weight?: number, heavy = false): Promise<Map<string, Meta[]>> {
    if (ids.length === 0) return new Map();
    const rows = await inSlices<MetaEntity>(
      weight,
      heavy,
      (row) => textLength(row.value),
      (after, rowsPerSlice) => {
        const query = this.metas
          .createQueryBuilder('m')
          .where('m.workspaceId = :workspaceId AND m.entryId IN (:...ids) AND m.secure = :secure', { workspaceId, ids, secure: false })
          .orderBy('m.entryId', 'ASC')
          .addOrderBy('m.src', 'ASC')
          .addOrderBy('m.key', 'ASC')
          .limit(rowsPerSlice);
        if (after) {
          query.andWhere('(m.entryId > :entryId OR (m.entryId = :entryId AND (m.src > :src OR (m.src = :src AND m.key > :key))))', {
            entryId: after.entryId,
            src: after.src,
            key: after.key,
          });
        }
        return query.getMany();
      },
    );
    rows.sort((a, b) => a.createdAt - b.createdAt || compare(a.src, b.src) || compare(a.key, b.key));
    return groupBy(rows.map(fromMetaRow), (m) => m.entryId);
  }

  versionsOf(workspaceId: string, ids: string[], newest: number): Promise<Map<string, EntryVersionsShown>> {
    return loadVersions(this.dataSource, workspaceId, ids, newest);
  }

  versionsBefore(workspaceId: string, entryId: string, version: string, limit: number): Promise<EntryVersion[] | undefined> {
    return loadVersionsBefore(this.dataSource, workspaceId, entryId, version, limit);
  }

  /** The entry's row alone: its parts are read by the callers that show them (see EntryStore). */
  private async findOne(where: { workspaceId: string; id?: string; keySlot?: string }, withData: boolean): Promise<Entry | undefined> {
    const select = selectOf(withData ? [...LIST_COLUMNS, ...DATA_COLUMNS] : LIST_COLUMNS);
    const row = await this.entries.findOne({ select, where });
    return row ? fromEntryRow(row) : undefined;
  }
}

/**
 * What one slice of files or meta rows may weigh: 1 MiB of rows holds the thread about 3 ms on SQLite (16 rows of
 * 64 KiB; 100 such rows held it over 60 ms, read and parsed, on the bench machine).
 */
const SLICE_BYTES = 1024 * 1024;
/** Rows in a slice: never so few that the queries' own cost dominates, never so many that the rows' objects do. */
const MIN_SLICE_ROWS = 16;
const MAX_SLICE_ROWS = 256;

/**
 * The first slice's rows: 100 when the rows are known to weigh 1 MiB or less in all (a page of small parts in
 * one query), else 16 (up to 64 KiB each). Each later slice is sized by what the rows read so far weighed.
 */
const firstSliceRows = (weight: number | undefined) => (weight !== undefined && weight <= SLICE_BYTES ? 100 : MIN_SLICE_ROWS);

function nextSliceRows(rows: number, bytes: number): number {
  const fitting = Math.floor((SLICE_BYTES * rows) / Math.max(1, bytes));
  return Math.min(MAX_SLICE_ROWS, Math.max(MIN_SLICE_ROWS, fitting));
}

const textLength = (text: string | null) => text?.length ?? 0;
const attachmentWeight = (row: AttachmentEntity) =>
  textLength(row.meta) + textLength(row.previous) + textLength(row.desc) + textLength(row.url);

/**
 * Reads rows a slice at a time, in primary-key order from where the last slice ended (each slice a range of
 * the key's index, nothing sorted or read twice), and lets other requests run between slices: an entry's
 * thousand files are read between other requests rather than in one long read before them (on SQLite a query
 * holds the HTTP thread; a heavy answer's slices also let light requests go first). A slice holds about SLICE_BYTES of the rows' text, judged by the rows read so far: a
 * thousand small rows take a few queries, not sixty. Like the three parts of an answer, the slices are not one
 * snapshot.
 */
async function inSlices<T>(
  weight: number | undefined,
  heavy: boolean,
  weightOf: (row: T) => number,
  read: (after: T | undefined, rows: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  let bytes = 0;
  let rowsPerSlice = firstSliceRows(weight);
  for (;;) {
    const slice = await read(rows[rows.length - 1], rowsPerSlice);
    rows.push(...slice);
    if (slice.length < rowsPerSlice) return rows;
    for (const row of slice) bytes += weightOf(row);
    rowsPerSlice = nextSliceRows(rows.length, bytes);
    await nextSlice(heavy);
  }
}

/** Ties of one millisecond in code-point order. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** What names an entry to the error of an id or key already taken. */
type EntryName = Pick<Entry, 'workspaceId' | 'id' | 'key'>;
