import { v7 as uuidv7 } from 'uuid';
import type { Envelope } from '../../document';
import { keyProblem } from './model/create-entry.input';
import { UUID_PATTERN } from '../shared/uuid';
import { InThreadEngine, type DocumentEngine, type DocumentJob } from '../documents/document-pipeline';
import { storedJsonOf, type Attachment, type Entry, type Meta } from './model/entry';
import { bodyText } from '../shared/json-text';
import { DataBudget, DEFAULT_PAGE_DATA_BUDGET, partsBudgetSpent, previousIdCandidates, ReadTurns, type ReadTurn } from '../runtime';
import { decodeCursor, encodeCursor, startOf, type EntryCursor, type ListFilters } from './model/entry-cursor';
import { DuplicateEntryError, type EntryPartSizes, type EntryStore, type EntryVersionsShown, type ListSlice } from './model/entry-store';
import { DomainError, badInput, conflict, notFound } from '../shared/errors';
import { checkListQuery, type ListEntriesQuery } from './model/list-entries.query';
import { checkRelatedQuery, type RelatedEntriesQuery } from './related-entries';
import type { PublicJwk, SigningKeys } from '../../signing/signing-keys';
import { firstVersionOf, type ChangeSource, type EntryState, type EntryVersion } from './model/entry-history';
import { EntryUpdates, type EntryVersionData } from './update-entry';
import { EntryStates } from './entry-states';
import { DEFAULT_ENTRY_LIMITS, checkRefCount } from './model/entry-limits';
import { entryRecordOf } from './entry-record';
import type { EventMaker } from './event-maker';
import type { PdfOutcome } from '../documents/pdf-job';
import { EntryOverview } from './entry-overview';
import type { EntryPage, EntryReadOptions, PageOptions } from './entry-page';
import type { EntryServiceOptions } from './entry-service-options';

export type { EntryPage, EntryReadOptions, PageOptions } from './entry-page';

/** The versions an entry shows with it, newest first, at most (an entry may change without end). */
export const VERSIONS_SHOWN = 100;

/**
 * The entries of a workspace: create, fetch and list. Both APIs call these methods and nothing else,
 * so they answer alike.
 */
export class EntryService {
  private readonly clock: () => Date;
  private readonly signingKeys?: SigningKeys;
  private readonly engine: DocumentEngine;
  private readonly updates?: EntryUpdates;
  private readonly states?: EntryStates;
  private readonly pageDataBudget: number;
  private readonly refsLimit: number;
  private readonly readTurns = new ReadTurns();
  private readonly events?: EventMaker;
  /** The folders in use and how many entries a list's filters match (absent where built without its store). */
  readonly overview?: EntryOverview;

  constructor(
    private readonly store: EntryStore,
    options: EntryServiceOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.signingKeys = options.signingKeys;
    this.pageDataBudget = options.pageDataBudget ?? DEFAULT_PAGE_DATA_BUDGET;
    this.refsLimit = options.refsLimit ?? DEFAULT_ENTRY_LIMITS.refs;
    this.events = options.events;
    this.overview = options.overview ? new EntryOverview(options.overview) : undefined;
    this.engine =
      options.engine ??
      new InThreadEngine({
        signingKeys: options.signingKeys,
        jsonPatchLimits: options.jsonPatchLimits,
        newId: options.newId ?? (() => uuidv7()),
      });
    if (options.history) {
      this.updates = new EntryUpdates(store, options.history, this.engine, this.clock, this.refsLimit, options.events);
      this.states = new EntryStates(store, options.history, this.clock, () => uuidv7(), options.events);
    }
  }

  /**
   * Changes an entry (update-entry.ts): new data or a patch, a folder, a signature; 409 when it changed meanwhile.
   * With `withParts`, the answer has the entry's files, meta rows and newest versions (see withParts); an entry
   * whose files and meta could not be shown is refused, `payload-too-large`, before anything is written.
   */
  async updateEntry(
    workspaceId: string,
    id: string,
    body: unknown,
    options: { expectedVersion?: string; withParts?: boolean; turn?: ReadTurn; signal?: AbortSignal; source?: ChangeSource } = {},
  ): Promise<Entry> {
    if (options.withParts) {
      const sizes = await this.store.partSizes(workspaceId, [id.toLowerCase()]);
      const budget = new DataBudget(this.pageDataBudget);
      if (!budget.payParts(bytesOf(sizes.get(id.toLowerCase())))) throw partsBudgetSpent(budget, 'attachments and meta');
    }
    const entry = await this.history(this.updates).updateEntry(workspaceId, id, body, options);
    if (options.withParts) await this.showParts(workspaceId, [entry], undefined, options.turn);
    return entry;
  }

  /** Whether one of the entry's versions was made by `srcId` (a job step's intent). */
  changedBy(workspaceId: string, id: string, srcId: string): Promise<boolean> {
    return this.history(this.updates).changedBy(workspaceId, id, srcId);
  }

  /** The envelope of one version of an entry. */
  entryVersion(workspaceId: string, id: string, version: string): Promise<EntryVersionData> {
    return this.history(this.updates).entryVersion(workspaceId, id, version);
  }

  /** Adds a state to an entry (entry-states.ts); `at` places it at that moment, replacing one there. */
  putState(workspaceId: string, entryId: string, body: unknown, options: { at?: string; source?: ChangeSource } = {}): Promise<EntryState> {
    return this.history(this.states).putState(workspaceId, entryId, body, options);
  }

  /** An entry's states, newest first. */
  listStates(workspaceId: string, entryId: string): Promise<EntryState[]> {
    return this.history(this.states).listStates(workspaceId, entryId);
  }

  /** The states of entries already read (a page), in one query. */
  statesOf(workspaceId: string, entryIds: string[]): Promise<Map<string, EntryState[]>> {
    return this.history(this.states).statesOf(workspaceId, entryIds);
  }

  private history<T>(part: T | undefined): T {
    if (!part) throw new DomainError('internal', 'entry history is not configured');
    return part;
  }

  /**
   * Creates an entry from a request body (contract field names): an object, or the JSON text as it came
   * (JsonText), which only the engine's threads parse. `id` is a client-chosen id (PUT); `signal`, the request's,
   * drops the job if its client goes away while it waits for the engine.
   */
  async createEntry(workspaceId: string, body: unknown, options: { id?: string; signal?: AbortSignal } = {}): Promise<Entry> {
    if (options.id !== undefined && !UUID_PATTERN.test(options.id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const text = bodyText(body);
    const job: DocumentJob = {
      workspaceId,
      body: text,
      previousReadAhead: await this.previousReadAhead(workspaceId, text),
      id: options.id?.toLowerCase(),
      now: this.clock(),
    };
    const run = { signal: options.signal };
    let outcome = await this.engine.run(job, run);
    // Only when the body names its previous entry in a way the read-ahead does not find (a key written with escapes).
    if ('needsPrevious' in outcome)
      outcome = await this.engine.run({ ...job, previousJson: await this.previousJson(workspaceId, outcome.needsPrevious) }, run);
    if ('needsPrevious' in outcome) throw new DomainError('internal', 'the engine asked twice for the previous entry');
    if ('unchanged' in outcome) throw new DomainError('internal', 'the engine answered a create as an update');
    checkRefCount(outcome.entry.refs, this.refsLimit);

    // The times are this thread's own Date objects (one from another thread is of another realm under test runners).
    const entry: Entry = { ...outcome.entry, createdAt: job.now, updatedAt: job.now };
    entry.versions = [firstVersionOf(entry)];
    try {
      const events = this.events?.created();
      await this.store.insert([{ ...entryRecordOf(entry), events }]);
      await this.events?.written(workspaceId, events);
    } catch (error) {
      if (error instanceof DuplicateEntryError) {
        throw conflict(error.field === 'key' ? 'key is already used in this workspace' : 'id is already used in this workspace');
      }
      throw error;
    }
    return entry;
  }

  /**
   * One entry; with its `data` unless the caller will not show it (GraphQL loads it only when selected), and with
   * its files, meta rows and newest versions only with `withParts` (REST; GraphQL reads them per field). An entry
   * check (does it exist?) asks for neither and reads the entry's row alone.
   */
  async getEntry(workspaceId: string, id: string, options: EntryReadOptions = { withData: true, withParts: true }): Promise<Entry> {
    if (!UUID_PATTERN.test(id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const entry = await this.store.findById(workspaceId, id.toLowerCase(), options);
    if (!entry) throw notFound('entry');
    if (options.withParts) await this.showParts(workspaceId, [entry], undefined, options.turn);
    return entry;
  }

  /**
   * The PDF of an entry's envelope, or of one of its versions: read here, made by the engine (in its threads, with
   * a create's budget), named by the document's series and code or else the entry's id.
   */
  async entryPdf(
    workspaceId: string,
    id: string,
    options: { version?: string; signal?: AbortSignal; facturx?: boolean } = {},
  ): Promise<PdfOutcome & { name: string }> {
    const { envelopeJson, version } = await this.storedEnvelope(workspaceId, id, options.version);
    const entryId = id.toLowerCase();
    const job = { workspaceId, entryId, version, envelopeJson, facturx: options.facturx };
    const { pdf, name } = await this.engine.renderPdf(job, { signal: options.signal });
    return { pdf, name: name ?? entryId };
  }

  /** The stored envelope of an entry as JSON text, of `version` or the current one, and which version that is. */
  async storedEnvelope(workspaceId: string, id: string, version?: string): Promise<{ envelopeJson: string; version?: string }> {
    if (version !== undefined) {
      const read = await this.entryVersion(workspaceId, id, version);
      return { envelopeJson: read.dataJson, version: read.version };
    }
    const entry = await this.getEntry(workspaceId, id, { withData: true, withParts: false });
    const envelopeJson = storedJsonOf(entry);
    if (envelopeJson === undefined) throw notFound('entry');
    return { envelopeJson, version: entry.version };
  }

  /** One entry by its key; a key that no entry could have (too long, control characters, lone surrogates) is bad input. */
  async getEntryByKey(workspaceId: string, key: string, options: EntryReadOptions = { withData: true, withParts: true }): Promise<Entry> {
    const problem = keyProblem(key);
    if (problem) throw badInput(`key: ${problem}`, { key: problem });
    const entry = await this.store.findByKey(workspaceId, key, options);
    if (!entry) throw notFound('entry');
    if (options.withParts) await this.showParts(workspaceId, [entry], undefined, options.turn);
    return entry;
  }

  /**
   * Reads the files, listed meta rows and newest VERSIONS_SHOWN versions of the leading entries whose files and
   * meta fit in what is left of the budget (which pays for them), for all of them at once, and returns those
   * entries. The entries after the first that does not fit are left as they are: nothing of theirs is read.
   */
  private async withParts(workspaceId: string, entries: Entry[], budget: DataBudget, turn?: ReadTurn): Promise<Entry[]> {
    if (entries.length === 0) return entries;
    // The newest versions, small and bounded per entry, are read beside the sizes: one round trip fewer per page.
    const all = entries.map((entry) => entry.id);
    const [sizes, versions] = await Promise.all([
      this.store.partSizes(workspaceId, all),
      this.store.versionsOf(workspaceId, all, VERSIONS_SHOWN),
    ]);
    const unpaid = entries.findIndex((entry) => !budget.payParts(bytesOf(sizes.get(entry.id))));
    const shown = unpaid === -1 ? entries : entries.slice(0, unpaid);
    // A heavy answer waits for its turn (ReadTurns) before any of its files and meta rows are read.
    await turn?.show(shown.reduce((sum, entry) => sum + bytesOf(sizes.get(entry.id)), 0));
    const ids = shown.map((entry) => entry.id);
    const some = (part: keyof EntryPartSizes) => ids.filter((id) => (sizes.get(id)?.[part] ?? 0) > 0);
    const weight = (part: keyof EntryPartSizes) => ids.reduce((sum, id) => sum + (sizes.get(id)?.[part] ?? 0), 0);
    const [attachments, meta] = await Promise.all([
      this.store.attachmentsOf(workspaceId, some('attachments'), weight('attachments'), turn?.heavy),
      this.store.metaOf(workspaceId, some('meta'), weight('meta'), turn?.heavy),
    ]);
    for (const entry of shown) {
      entry.attachments = attachments.get(entry.id) ?? [];
      entry.meta = meta.get(entry.id) ?? [];
      entry.versions = versions.get(entry.id)?.versions ?? [firstVersionOf(entry)];
    }
    return shown;
  }

  /** Reads the parts of every entry of an answer (withParts), or refuses it, `payload-too-large`, when they do not all fit. */
  async showParts(workspaceId: string, entries: Entry[], budget = new DataBudget(this.pageDataBudget), turn?: ReadTurn): Promise<void> {
    if ((await this.withParts(workspaceId, entries, budget, turn)).length < entries.length)
      throw partsBudgetSpent(budget, 'attachments and meta');
  }

  /** What entries' files and listed meta rows weigh when shown (EntryPartSizes), read without reading them. */
  partSizes(workspaceId: string, ids: string[]): Promise<Map<string, EntryPartSizes>> {
    return this.store.partSizes(workspaceId, ids);
  }

  /** The files of entries already read (a page), in one query. */
  attachmentsOf(workspaceId: string, ids: string[], weight?: number, heavy?: boolean): Promise<Map<string, Attachment[]>> {
    return this.store.attachmentsOf(workspaceId, ids, weight, heavy);
  }

  /** The listed meta rows of entries already read (a page), in one query. */
  metaOf(workspaceId: string, ids: string[], weight?: number, heavy?: boolean): Promise<Map<string, Meta[]>> {
    return this.store.metaOf(workspaceId, ids, weight, heavy);
  }

  /** A page of an entry's versions past those versionsOf shows: older than its newest version of id `version`. */
  versionsBefore(workspaceId: string, entryId: string, version: string, limit: number): Promise<EntryVersion[] | undefined> {
    return this.store.versionsBefore(workspaceId, entryId, version, limit);
  }

  /** The newest VERSIONS_SHOWN versions of entries already read (a page) and their counts; a never changed entry is absent. */
  versionsOf(workspaceId: string, ids: string[]): Promise<Map<string, EntryVersionsShown>> {
    return this.store.versionsOf(workspaceId, ids, VERSIONS_SHOWN);
  }

  /**
   * One page of the workspace's entries, newest first (oldest first with `ascending`). With a data budget (the caller will read each
   * entry's `data`), the page ends before the first entry whose data does not fit what is left of it, and
   * its next cursor continues from there: a smaller page, never an error. With `withParts` (REST), likewise before
   * the first entry whose files and meta do not fit what is left of PAGE_DATA_BUDGET; when that is the first entry,
   * the page is refused, `payload-too-large`.
   */
  async listEntries(workspaceId: string, query: ListEntriesQuery, options: PageOptions = {}): Promise<EntryPage> {
    const { limit, cursor, ...filters } = checkListQuery(query);
    return this.pageOf(workspaceId, limit, cursor, filters, options);
  }

  /**
   * One page of the entries related to an entry (by id: not found when the workspace has none) or to a UUID,
   * with how each is related; paged, ordered and bounded like listEntries (see related-entries.ts).
   */
  async listRelated(workspaceId: string, query: RelatedEntriesQuery, options: PageOptions = {}): Promise<EntryPage> {
    const { limit, cursor, entryId, related, ...filters } = checkRelatedQuery(query);
    if (entryId !== undefined) await this.getEntry(workspaceId, entryId, { withData: false });
    return this.pageOf(workspaceId, limit, cursor, { ...filters, related }, options, (slice) =>
      this.store.listRelated(workspaceId, { ...slice, related }),
    );
  }

  private async pageOf(
    workspaceId: string,
    limit: number,
    cursor: string | undefined,
    filters: ListFilters,
    options: PageOptions,
    read: (slice: ListSlice) => Promise<Entry[]> = (slice) => this.store.list(workspaceId, slice),
  ): Promise<EntryPage> {
    const after = cursor === undefined ? undefined : decodeCursor(workspaceId, cursor, filters);
    const page: EntryPage = { entries: [], limit, cursor, ...filters };
    if (cursor !== undefined && after === undefined) return page; // another workspace's cursor
    const rows = await read({ ...filters, after, limit: limit + 1 });
    page.entries = rows.slice(0, limit);
    const more = rows.length > limit;
    let served = options.dataBudget ? await this.withinBudget(workspaceId, page.entries, options.dataBudget) : page.entries;
    if (options.withParts) {
      // The page ends before the first entry whose files and meta do not fit; one alone over the budget is refused.
      const budget = new DataBudget(this.pageDataBudget);
      const shown = await this.withParts(workspaceId, served, budget, options.turn);
      if (shown.length === 0 && served.length > 0) throw partsBudgetSpent(budget, 'attachments and meta');
      served = shown;
    }
    if (served.length < page.entries.length) {
      page.entries = served;
      // Cut short by the budget; with none served, the next page starts where this one was asked to.
      page.nextCursor = encodeCursor(
        workspaceId,
        served.length > 0 ? positionOf(served[served.length - 1], filters) : (after ?? startOf(filters)),
        filters,
      );
    } else if (more) {
      page.nextCursor = encodeCursor(workspaceId, positionOf(page.entries[page.entries.length - 1], filters), filters);
    }
    return page;
  }

  /** The public keys that verify the service's envelope signatures, as a JWKS. */
  publicKeys(): { keys: PublicJwk[] } {
    return this.signingKeys?.jwks() ?? { keys: [] };
  }

  /** Reads the `data` of entries that were listed without it. */
  async loadData(workspaceId: string, ids: string[]): Promise<Map<string, Envelope | undefined>> {
    return this.store.loadData(workspaceId, ids);
  }

  /** The entries a create body's text may name as `previous_id`, read before the engine runs (see DocumentJob). */
  private async previousReadAhead(workspaceId: string, text: string): Promise<Record<string, string | null> | undefined> {
    const ids = previousIdCandidates(text);
    if (ids.length === 0) return undefined;
    const read = await Promise.all(
      ids.map(async (id) => {
        const entry = await this.store.findById(workspaceId, id, { withData: true });
        return [id, (entry && storedJsonOf(entry)) ?? null] as const;
      }),
    );
    return Object.fromEntries(read);
  }

  /** The stored envelope of the entry a new one derives from (`previous_id`), as JSON text. */
  private async previousJson(workspaceId: string, previousId: string): Promise<string> {
    const previous = await this.store.findById(workspaceId, previousId, { withData: true });
    const text = previous && storedJsonOf(previous);
    if (!text) throw notFound('previous entry');
    return text;
  }

  /** The stored bytes of entries' `data`, to weigh them against a data budget before reading them. */
  async dataSizes(workspaceId: string, ids: string[]): Promise<Map<string, number>> {
    return this.store.dataSizes(workspaceId, ids);
  }

  /** The leading entries whose data fits what is left of the budget, which pays for them. */
  private async withinBudget(workspaceId: string, entries: Entry[], budget: DataBudget): Promise<Entry[]> {
    const sizes = await this.store.dataSizes(
      workspaceId,
      entries.map((entry) => entry.id),
    );
    const unpaid = entries.findIndex((entry) => !budget.pay(entry, sizes.get(entry.id) ?? 0));
    return unpaid === -1 ? entries : entries.slice(0, unpaid);
  }

  /** Lets work in flight finish and stops the engine's threads. */
  /** One request's turn among heavy answers: pass it in the read options, release it once the answer is written. */
  readTurn(workspaceId: string, signal?: AbortSignal, onHeavy?: () => void): ReadTurn {
    return this.readTurns.turn(workspaceId, signal, onHeavy);
  }

  async close(): Promise<void> {
    await this.engine.close();
  }
}

const bytesOf = (sizes: EntryPartSizes | undefined) => (sizes ? sizes.attachments + sizes.meta : 0);

/** Where a list continues after `entry`: by amount, its amount is part of the position. */
const positionOf = (entry: Entry, filters: ListFilters): EntryCursor =>
  filters.orderBy === 'amount'
    ? { createdAt: entry.createdAt.getTime(), id: entry.id, amount: entry.sortAmount ?? null }
    : { createdAt: entry.createdAt.getTime(), id: entry.id };
