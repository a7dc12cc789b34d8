import type { Entry } from '../entries/model/entry';
import { EntryService } from '../entries/entries.service';
import type { EntryServiceOptions } from '../entries/entry-service-options';
import { entryRecordOf } from '../entries/entry-record';
import type { EntryRecord, EntryStore } from '../entries/model/entry-store';

export interface ImportProgress {
  imported: number;
}

/**
 * Bulk import: each create body goes through the very path of `createEntry` (normalize, calculate,
 * validate, derive, sign), but entries are stored in batches, one transaction and a few multi-row
 * INSERTs per batch, instead of one commit per entry.
 */
export class EntryImporter {
  private readonly service: EntryService;
  /** The record the create path made of each prepared entry, written as it is when the batch is stored. */
  private readonly records = new WeakMap<Entry, EntryRecord>();

  constructor(
    private readonly target: EntryStore,
    options: EntryServiceOptions = {},
  ) {
    // The service reads through the real store (previous_id) and hands its new entry back instead of storing it.
    const preparing: EntryStore = {
      insert: async (records) => {
        for (const record of records) this.records.set(record.entry, record);
      },
      findById: (workspaceId, id, opts) => target.findById(workspaceId, id, opts),
      findByKey: (workspaceId, key, opts) => target.findByKey(workspaceId, key, opts),
      list: (workspaceId, slice) => target.list(workspaceId, slice),
      listRelated: (workspaceId, slice) => target.listRelated(workspaceId, slice),
      loadData: (workspaceId, ids) => target.loadData(workspaceId, ids),
      dataSizes: (workspaceId, ids) => target.dataSizes(workspaceId, ids),
      partSizes: (workspaceId, ids) => target.partSizes(workspaceId, ids),
      attachmentsOf: (workspaceId, ids) => target.attachmentsOf(workspaceId, ids),
      metaOf: (workspaceId, ids) => target.metaOf(workspaceId, ids),
      versionsOf: (workspaceId, ids, newest) => target.versionsOf(workspaceId, ids, newest),
      versionsBefore: (workspaceId, entryId, version, limit) => target.versionsBefore(workspaceId, entryId, version, limit),
    };
    this.service = new EntryService(preparing, options);
  }

  /** The entry a create body makes, with every check of createEntry, not yet stored. */
  prepare(workspaceId: string, body: unknown): Promise<Entry> {
    return this.service.createEntry(workspaceId, body);
  }

  /** Stores prepared entries together: all of them, or none when one id or key is taken. */
  store(entries: Entry[]): Promise<void> {
    return this.target.insert(entries.map((entry) => this.records.get(entry) ?? entryRecordOf(entry)));
  }

  /**
   * Prepares and stores create bodies in batches of `batchSize`. A body that is refused stops the import
   * with its DomainError; the batches stored before it stay.
   */
  async importBodies(
    workspaceId: string,
    bodies: Iterable<unknown> | AsyncIterable<unknown>,
    options: { batchSize?: number; onBatch?: (progress: ImportProgress) => void } = {},
  ): Promise<ImportProgress> {
    const batchSize = options.batchSize ?? 1000;
    const progress: ImportProgress = { imported: 0 };
    let batch: Entry[] = [];
    const flush = async () => {
      await this.store(batch);
      progress.imported += batch.length;
      batch = [];
      options.onBatch?.(progress);
    };
    for await (const body of bodies) {
      batch.push(await this.prepare(workspaceId, body));
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
    return progress;
  }
}
