import { UUID_PATTERN } from './create-entry.input';
import type { DocumentEngine } from './document-pipeline';
import type { Entry } from './entry';
import { storedJsonOf } from './entry';
import type { EntryHistoryStore } from './entry-history-store';
import type { EntryStore } from './entry-store';
import { DomainError, badInput, notFound } from './errors';
import { parseUpdateEntryInput } from './update-entry.input';

/** The envelope of one version, as stored JSON text (the contract's SiloEntryData). */
export interface EntryVersionData {
  version: string;
  dataJson: string;
}

const VERSION_TEXT = /^[0-9a-z]{1,64}$/i;

export const checkEntryId = (id: string): string => {
  if (!UUID_PATTERN.test(id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
  return id.toLowerCase();
};

/**
 * Changes of existing entries: new data or a patch (run through the document engine, as a create is), a
 * move to another folder, a signature. Each change of the envelope is a new version; the entry keeps its id.
 */
export class EntryUpdates {
  constructor(
    private readonly store: EntryStore,
    private readonly history: EntryHistoryStore,
    private readonly engine: DocumentEngine,
    private readonly clock: () => Date,
  ) {}

  /**
   * Updates an entry from a request body (contract names). `expectedVersion` (the client's If-Match) is the
   * version the client saw; without it, the version read here. Either way the write happens only if the entry
   * is still at that version: a change made meanwhile makes this one 409 `conflict`, never a lost update.
   */
  async updateEntry(workspaceId: string, rawId: string, body: unknown, options: { expectedVersion?: string } = {}): Promise<Entry> {
    const id = checkEntryId(rawId);
    const input = parseUpdateEntryInput(body);
    const current = await this.store.findById(workspaceId, id, { withData: true });
    if (!current) throw notFound('entry');
    const base = current.version!;
    if (options.expectedVersion !== undefined && options.expectedVersion !== base) throw staleVersion(base);

    const signs = input.sign && !current.signed;
    if (input.data !== undefined && current.signed) {
      throw new DomainError('entry-signed', 'the entry is signed: its data cannot change (its folder can)', { fields: { data: 'must be absent: the entry is signed' } });
    }
    const now = this.clock();
    let next: Entry = { ...current, folder: input.folder ?? current.folder, updatedAt: now };
    if (input.data !== undefined || signs) {
      const job = {
        workspaceId,
        body: JSON.stringify({ data: input.data, content_type: input.contentType, previous_id: id, allow_invalid: input.allowInvalid, sign: input.sign }),
        previousJson: storedJsonOf(current),
        id,
        update: true,
        now,
      };
      const outcome = await this.engine.run(job);
      if ('needsPrevious' in outcome) throw new DomainError('internal', 'the engine asked for the entry it was given');
      const made = outcome.entry;
      if (made.version !== base) {
        next = {
          ...next,
          docSchema: made.docSchema,
          envSchema: made.envSchema,
          signed: made.signed,
          invalid: made.invalid,
          digest: made.digest,
          snippet: made.snippet,
          tags: made.tags,
          faults: made.faults,
          version: made.version,
          data: undefined,
          dataJson: made.dataJson,
        };
      }
    }
    if (next.version === base && next.folder === current.folder) return current; // nothing changes
    const newVersion = next.version === base ? undefined : { version: next.version!, at: now, invalid: next.invalid, signed: next.signed, src: 'api' };
    const outcome = await this.history.update({ entry: next, expectedVersion: base, newVersion });
    if (outcome === 'missing') throw notFound('entry');
    if (outcome === 'stale') throw staleVersion(base);
    const stored = await this.store.findById(workspaceId, id, { withData: true });
    if (!stored) throw notFound('entry');
    return stored;
  }

  /** The envelope of one of the entry's versions. */
  async entryVersion(workspaceId: string, rawId: string, version: string): Promise<EntryVersionData> {
    const id = checkEntryId(rawId);
    const entry = await this.store.findById(workspaceId, id, { withData: false });
    if (!entry) throw notFound('entry');
    if (!VERSION_TEXT.test(version)) throw notFound('version');
    const wanted = version.toLowerCase();
    // The current version is the entry's own data; earlier ones are kept with the versions.
    const dataJson = wanted === entry.version ? storedJsonOf((await this.store.findById(workspaceId, id, { withData: true }))!) : await this.history.findVersionData(workspaceId, id, wanted);
    if (dataJson === undefined) throw notFound('version');
    return { version: wanted, dataJson };
  }
}

const staleVersion = (current: string) =>
  new DomainError('conflict', `the entry changed meanwhile: its version is now ${current}; read it again and retry`, { fields: { version: `is now ${current}` } });
