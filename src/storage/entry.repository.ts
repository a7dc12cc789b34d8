import { In, type DataSource, type Repository } from 'typeorm';
import type { Envelope } from '../document';
import { storedJsonOf, type Attachment, type Entry, type Meta } from '../domain/entry';
import { DuplicateEntryError, type EntryPartSizes, type EntryStore, type EntryVersionsShown, type ListSlice, type RelatedSlice } from '../domain/entry-store';
import { AttachmentEntity } from './entities/attachment.entity';
import { fromAttachmentRow } from './attachment-rows';
import { EntryEntity } from './entities/entry.entity';
import { MetaEntity } from './entities/meta.entity';
import { duplicateIndexOf } from './duplicate-key';
import { insertRowsIn, preparedInsert } from './bulk-insert';
import { withRetries } from './transient-errors';
import { loadVersions, loadVersionsBefore } from './entry-history.repository';
import { legacyVersionOf, type EntryVersion } from '../domain/entry-history';
import { entryRefSteps, refRowsOf } from './entry-refs.repository';
import { relatedPage } from './related-page';
import { ATTACHMENT_WEIGHT, META_WEIGHT } from './entry-weight';
import { EntryRefEntity } from './entities/entry-ref.entity';
import { insertSearchRows, searchRowWrites } from './search-index.repository';
import { runTransaction } from './sql-transaction';
import { signatureOf, signatureText } from './signature-column';

const LIST_COLUMNS = [
  'workspaceId', 'id', 'key', 'folder', 'docSchema', 'envSchema', 'state', 'signed', 'signature', 'invalid',
  'digestAlg', 'digestVal', 'snippet', 'tags', 'faults', 'createdAt', 'updatedAt', 'version',
] as const satisfies readonly (keyof EntryEntity)[];

const selectOf = (columns: readonly (keyof EntryEntity)[]) => Object.fromEntries(columns.map((c) => [c, true]));

/** Entries in a relational database through TypeORM. Returns plain domain objects. */
export class EntryRepository implements EntryStore {
  private readonly entries: Repository<EntryEntity>;
  private readonly attachments: Repository<AttachmentEntity>;
  private readonly metas: Repository<MetaEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.entries = dataSource.getRepository(EntryEntity);
    this.attachments = dataSource.getRepository(AttachmentEntity);
    this.metas = dataSource.getRepository(MetaEntity);
  }

  /** Stores a new entry and its search row, in one transaction: a search right after the create finds it. */
  async insert(entry: Entry): Promise<void> {
    const row = toRow(entry);
    try {
      // The entry, the documents it names and its search row, committed together (retried on MySQL after a
      // deadlock or a cluster's certification conflict; a duplicate found then is still a 409).
      const insert = preparedInsert(this.dataSource, EntryEntity, row);
      await runTransaction(this.dataSource, function* (mysql) {
        yield insert;
        for (const statement of entryRefSteps(entry, { fresh: true })) yield statement;
        yield* searchRowWrites(entry, { fresh: true, mysql });
      });
    } catch (error) {
      const index = duplicateIndexOf(error);
      // A keyless entry's slot is its id: meeting the key index then means the id is taken.
      if (index) throw new DuplicateEntryError(index === 'key' && entry.key !== undefined ? 'key' : 'id');
      throw error;
    }
  }

  /**
   * Stores many new entries in one transaction with multi-row INSERTs (bulk import): all or none. Throws
   * DuplicateEntryError when an id or key is taken. Entries made by createEntry have no attachments or meta.
   */
  async insertMany(entries: Entry[]): Promise<void> {
    try {
      const rows = entries.map(toRow);
      const refs = entries.flatMap((e) => refRowsOf(e.workspaceId, e.id, e.createdAt, e.refs ?? []));
      await withRetries(() =>
        this.dataSource.transaction(async (manager) => {
          await insertRowsIn(manager, EntryEntity, rows);
          await insertRowsIn(manager, EntryRefEntity, refs);
          await insertSearchRows(manager, entries, { termRows: this.dataSource.options.type === 'mysql' });
        }),
      );
    } catch (error) {
      const index = duplicateIndexOf(error);
      if (index === 'key') throw new DuplicateEntryError((await this.anyIdTaken(entries)) ? 'id' : 'key');
      if (index) throw new DuplicateEntryError('id');
      throw error;
    }
  }

  /**
   * After a batch met the key index: whether it was for an id (a keyless entry's slot is its id, and SQLite
   * does not say which row failed). True when an id of the batch is stored already or repeated in it.
   */
  private async anyIdTaken(entries: Entry[]): Promise<boolean> {
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
    return rows.map(fromRow);
  }

  async list(workspaceId: string, slice: ListSlice): Promise<Entry[]> {
    const query = this.entries
      .createQueryBuilder('e')
      .select(LIST_COLUMNS.map((c) => `e.${c}`))
      .where('e.workspaceId = :workspaceId', { workspaceId });
    if (slice.folder !== undefined) query.andWhere('e.folder = :folder', { folder: slice.folder });
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
    return rows.map(fromRow);
  }

  /** A page of a related list: its rows found by relatedPage, then those entries only. */
  async listRelated(workspaceId: string, slice: RelatedSlice): Promise<Entry[]> {
    const rows = await relatedPage(this.dataSource, workspaceId, slice);
    const found = new Map((await this.findByIds(workspaceId, rows.map((row) => row.id))).map((entry) => [entry.id, entry]));
    return rows.flatMap((row) => {
      const entry = found.get(row.id);
      return entry ? [{ ...entry, context: row.context }] : [];
    });
  }

  async loadData(workspaceId: string, ids: string[]): Promise<Map<string, Envelope | undefined>> {
    const found = new Map<string, Envelope | undefined>();
    if (ids.length === 0) return found;
    const rows = await this.entries.find({ select: selectOf(['id', 'data']), where: { workspaceId, id: In(ids) } });
    for (const row of rows) found.set(row.id, JSON.parse(row.data) as Envelope);
    return found;
  }

  async dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    if (ids.length === 0) return sizes;
    // OCTET_LENGTH on both engines: bytes, not characters. SQLite reads it from the record header, not the text.
    const rows: { id: string; size: number | string | null }[] = await this.entries
      .createQueryBuilder('e')
      .select('e.id', 'id')
      .addSelect('OCTET_LENGTH(e.data)', 'size')
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

  async attachmentsOf(workspaceId: string, ids: string[]): Promise<Map<string, Attachment[]>> {
    if (ids.length === 0) return new Map();
    const rows = await inSlices<AttachmentEntity>((after) => {
      const query = this.attachments
        .createQueryBuilder('a')
        .where('a.workspaceId = :workspaceId AND a.entryId IN (:...ids)', { workspaceId, ids })
        .orderBy('a.entryId', 'ASC')
        .addOrderBy('a.id', 'ASC')
        .limit(ROWS_PER_SLICE);
      if (after) query.andWhere('(a.entryId > :entryId OR (a.entryId = :entryId AND a.id > :id))', { entryId: after.entryId, id: after.id });
      return query.getMany();
    });
    rows.sort((a, b) => a.createdAt - b.createdAt || compare(a.id, b.id));
    return groupBy(rows.map(fromAttachmentRow), (a) => a.entryId);
  }

  async metaOf(workspaceId: string, ids: string[]): Promise<Map<string, Meta[]>> {
    if (ids.length === 0) return new Map();
    const rows = await inSlices<MetaEntity>((after) => {
      const query = this.metas
        .createQueryBuilder('m')
        .where('m.workspaceId = :workspaceId AND m.entryId IN (:...ids) AND m.secure = :secure', { workspaceId, ids, secure: false })
        .orderBy('m.entryId', 'ASC')
        .addOrderBy('m.src', 'ASC')
        .addOrderBy('m.key', 'ASC')
        .limit(ROWS_PER_SLICE);
      if (after) {
        query.andWhere('(m.entryId > :entryId OR (m.entryId = :entryId AND (m.src > :src OR (m.src = :src AND m.key > :key))))', {
          entryId: after.entryId,
          src: after.src,
          key: after.key,
        });
      }
      return query.getMany();
    });
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
    const select = selectOf(withData ? [...LIST_COLUMNS, 'data'] : LIST_COLUMNS);
    const row = await this.entries.findOne({ select, where });
    return row ? fromRow(row) : undefined;
  }
}

/** Rows of files or meta rows read in one query: up to 100 rows of up to 64 KiB each, a few milliseconds of the thread. */
const ROWS_PER_SLICE = 100;

/**
 * Reads rows a slice at a time, in primary-key order from where the last slice ended (each slice a range of
 * the key's index, nothing sorted or read twice), and lets other requests run between slices: an entry's
 * thousand files are read between other requests rather than in one long read before them (on SQLite a query
 * holds the HTTP thread). Like the three parts of an answer, the slices are not one snapshot.
 */
async function inSlices<T>(read: (after: T | undefined) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const slice = await read(rows[rows.length - 1]);
    rows.push(...slice);
    if (slice.length < ROWS_PER_SLICE) return rows;
    await new Promise<void>((resolve) => setImmediate(resolve));
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

/** What the unique index holds for an entry: its key, or its id behind a control character that no key may hold. */
const KEYLESS = '\u0001';
const keySlotOf = (entry: Entry): string => entry.key ?? `${KEYLESS}${entry.id}`;

function toRow(entry: Entry): EntryEntity {
  return Object.assign(new EntryEntity(), {
    workspaceId: entry.workspaceId,
    id: entry.id,
    key: entry.key ?? null,
    keySlot: keySlotOf(entry),
    folder: entry.folder,
    docSchema: entry.docSchema,
    envSchema: entry.envSchema,
    state: entry.state ?? null,
    signed: entry.signed,
    signature: signatureText(entry.signature),
    invalid: entry.invalid,
    digestAlg: entry.digest.alg,
    digestVal: entry.digest.val,
    snippet: JSON.stringify(entry.snippet),
    tags: JSON.stringify(entry.tags),
    faults: JSON.stringify(entry.faults),
    data: storedJsonOf(entry) ?? 'null',
    createdAt: entry.createdAt.getTime(),
    updatedAt: entry.updatedAt.getTime(),
    version: entry.version ?? null,
  });
}

function fromRow(row: EntryEntity): Entry {
  const entry: Entry = {
    workspaceId: row.workspaceId,
    id: row.id,
    key: row.key ?? undefined,
    folder: row.folder,
    docSchema: row.docSchema,
    envSchema: row.envSchema,
    state: row.state ?? undefined,
    signed: Boolean(row.signed),
    invalid: Boolean(row.invalid),
    digest: { alg: row.digestAlg, val: row.digestVal },
    snippet: JSON.parse(row.snippet),
    tags: JSON.parse(row.tags),
    faults: JSON.parse(row.faults),
    attachments: [],
    meta: [],
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    version: row.version ?? legacyVersionOf(row.digestVal),
  };
  const signature = signatureOf(row.signature);
  if (signature) entry.signature = signature;
  if (row.data !== undefined) entry.dataJson = row.data;
  return entry;
}

export function fromMetaRow(row: MetaEntity): Meta {
  return {
    entryId: row.entryId,
    src: row.src,
    key: row.key,
    value: row.value ? JSON.parse(row.value) : undefined,
    ref: row.ref ?? undefined,
    ownerId: row.ownerId ?? undefined,
    owned: Boolean(row.owned),
    indexed: Boolean(row.indexed),
    secure: Boolean(row.secure),
    shared: Boolean(row.shared),
    linkScope: row.linkScope ?? undefined,
    linkUrl: row.linkUrl ?? undefined,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}
