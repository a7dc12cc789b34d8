import { UUID_PATTERN } from '../shared/uuid';
import type { DocumentEngine } from '../documents/document-pipeline';
import type { Entry } from './model/entry';
import { envelopeOf, isReceivedSigned, storedJsonOf } from './model/entry';
import { referencesOf } from './model/references-of';
import type { EntryHistoryStore } from './model/entry-history-store';
import { API_SOURCE, type ChangeSource } from './model/entry-history';
import type { EntryStore } from './model/entry-store';
import { DomainError, badInput, notFound } from '../shared/errors';
import { bodyText } from '../shared/json-text';
import { DEFAULT_ENTRY_LIMITS, checkRefCount } from './model/entry-limits';
import type { EventMaker } from './event-maker';

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
    private readonly refsLimit = DEFAULT_ENTRY_LIMITS.refs,
    private readonly events?: EventMaker,
  ) {}

  /**
   * Updates an entry from a request body (contract names). `expectedVersion` (the client's If-Match) is the
   * version the client saw; without it, the version read here. Either way the write happens only if the entry
   * is still at that version: a change made meanwhile makes this one 409 `conflict`, never a lost update.
   */
  async updateEntry(
    workspaceId: string,
    rawId: string,
    body: unknown,
    options: { expectedVersion?: string; signal?: AbortSignal; source?: ChangeSource } = {},
  ): Promise<Entry> {
    const id = checkEntryId(rawId);
    const current = await this.store.findById(workspaceId, id, { withData: true });
    if (!current) throw notFound('entry');
    const base = current.version!;
    if (options.expectedVersion !== undefined && options.expectedVersion !== base) throw staleVersion(base);

    // The body is read, checked and applied in the engine's threads, as a create's is.
    const now = this.clock();
    const outcome = await this.engine.run(
      {
        workspaceId,
        body: bodyText(body),
        previousJson: storedJsonOf(current),
        id,
        update: { folder: current.folder, signed: current.signed, received: isReceivedSigned(current) },
        now,
      },
      { signal: options.signal },
    );
    if ('needsPrevious' in outcome) throw new DomainError('internal', 'the engine asked for the entry it was given');
    const made = 'unchanged' in outcome ? undefined : outcome.entry;
    checkRefCount(made?.refs, this.refsLimit);
    const folder = 'unchanged' in outcome ? outcome.unchanged.folder : outcome.entry.folder;
    let next: Entry = { ...current, folder, updatedAt: now };
    if (made && made.version !== base) {
      next = {
        ...next,
        docSchema: made.docSchema,
        envSchema: made.envSchema,
        signed: made.signed,
        signature: made.signature,
        invalid: made.invalid,
        digest: made.digest,
        snippet: made.snippet,
        sortAmount: made.sortAmount,
        tags: made.tags,
        faults: made.faults,
        version: made.version,
        data: undefined,
        dataJson: made.dataJson,
      };
    }
    if (next.version === base && next.folder === current.folder) return current; // nothing changes
    const newVersion =
      next.version === base
        ? undefined
        : { version: next.version!, at: now, invalid: next.invalid, signed: next.signed, ...(options.source ?? API_SOURCE) };
    const events = this.events?.updated(current);
    const written = await this.history.update({
      entry: next,
      expectedVersion: base,
      newVersion,
      refs: referencesOf(envelopeOf(next)),
      events,
    });
    if (written === 'missing') throw notFound('entry');
    if (written === 'stale') throw staleVersion(base);
    await this.events?.written(workspaceId, events);
    const stored = await this.store.findById(workspaceId, id, { withData: true });
    if (!stored) throw notFound('entry');
    return stored;
  }

  /** Whether one of the entry's versions was made by `srcId` (a job step's intent: see ChangeSource). */
  changedBy(workspaceId: string, rawId: string, srcId: string): Promise<boolean> {
    return this.history.hasVersionFrom(workspaceId, checkEntryId(rawId), srcId);
  }

  /** The envelope of one of the entry's versions. */
  async entryVersion(workspaceId: string, rawId: string, version: string): Promise<EntryVersionData> {
    const id = checkEntryId(rawId);
    const entry = await this.store.findById(workspaceId, id, { withData: false });
    if (!entry) throw notFound('entry');
    if (!VERSION_TEXT.test(version)) throw notFound('version');
    const wanted = version.toLowerCase();
    // The current version is the entry's own data; earlier ones are kept with the versions.
    const dataJson =
      wanted === entry.version
        ? storedJsonOf((await this.store.findById(workspaceId, id, { withData: true }))!)
        : await this.history.findVersionData(workspaceId, id, wanted);
    if (dataJson === undefined) throw notFound('version');
    return { version: wanted, dataJson };
  }
}

const staleVersion = (current: string) =>
  new DomainError('conflict', `the entry changed meanwhile: its version is now ${current}; read it again and retry`, {
    fields: { version: `is now ${current}` },
  });
