import { v7 as uuidv7 } from 'uuid';
import type { Envelope } from '../document';
import { UUID_PATTERN, keyProblem } from './create-entry.input';
import { InThreadEngine, type DocumentEngine, type DocumentJob } from './document-pipeline';
import { storedJsonOf, type Entry } from './entry';
import { JsonText } from './json-text';
import type { DataBudget } from './data-budget';
import { decodeCursor, encodeCursor, startOf, type EntryCursor, type ListFilters } from './entry-cursor';
import { DuplicateEntryError, type EntryStore, type ListSlice } from './entry-store';
import { DomainError, badInput, conflict, notFound } from './errors';
import { checkListQuery, type ListEntriesQuery } from './list-entries.query';
import { checkRelatedQuery, type RelatedEntriesQuery } from './related-entries';
import type { JsonPatchLimits } from './derive/json-patch';
import type { PublicJwk, SigningKeys } from '../signing/signing-keys';
import type { EntryHistoryStore } from './entry-history-store';
import { firstVersionOf, type EntryState } from './entry-history';
import { EntryUpdates, type EntryVersionData } from './update-entry';
import { EntryStates } from './entry-states';
import { DEFAULT_ENTRY_LIMITS, checkRefCount } from './entry-limits';

export interface EntryPage {
  entries: Entry[];
  limit: number;
  cursor?: string;
  nextCursor?: string;
  folder?: string;
  createdAt?: Date;
  ascending?: boolean;
  /** A related list: the UUID and the context asked for; each listed entry has its `context`. */
  related?: string;
  context?: string;
}

export interface EntryServiceOptions {
  clock?: () => Date;
  newId?: () => string;
  /** The service's envelope signing keys and the keys it trusts; without them `sign` is refused and so is any signed envelope. */
  signingKeys?: SigningKeys;
  /** Where document work runs; by default in the calling thread (the server passes its worker pool). */
  engine?: DocumentEngine;
  /** Bounds on a JSON patch of a previous entry; the defaults of JSON_PATCH_LIMITS otherwise. */
  jsonPatchLimits?: JsonPatchLimits;
  /** Where versions and states are kept; without it, updates and states are refused. */
  history?: EntryHistoryStore;
  /** ENTRY_REFS_LIMIT: the most UUIDs a stored document may name; DEFAULT_ENTRY_LIMITS.refs otherwise. */
  refsLimit?: number;
}

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
  private readonly refsLimit: number;

  constructor(
    private readonly store: EntryStore,
    options: EntryServiceOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.signingKeys = options.signingKeys;
    this.refsLimit = options.refsLimit ?? DEFAULT_ENTRY_LIMITS.refs;
    this.engine = options.engine ?? new InThreadEngine({ signingKeys: options.signingKeys, jsonPatchLimits: options.jsonPatchLimits, newId: options.newId ?? (() => uuidv7()) });
    if (options.history) {
      this.updates = new EntryUpdates(store, options.history, this.engine, this.clock, this.refsLimit);
      this.states = new EntryStates(store, options.history, this.clock, () => uuidv7());
    }
  }

  /** Changes an entry (update-entry.ts): new data or a patch, a folder, a signature; 409 when it changed meanwhile. */
  updateEntry(workspaceId: string, id: string, body: unknown, options: { expectedVersion?: string } = {}): Promise<Entry> {
    return this.history(this.updates).updateEntry(workspaceId, id, body, options);
  }

  /** The envelope of one version of an entry. */
  entryVersion(workspaceId: string, id: string, version: string): Promise<EntryVersionData> {
    return this.history(this.updates).entryVersion(workspaceId, id, version);
  }

  /** Adds a state to an entry (entry-states.ts); `at` places it at that moment, replacing one there. */
  putState(workspaceId: string, entryId: string, body: unknown, options: { at?: string } = {}): Promise<EntryState> {
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
   * (JsonText), which only the engine's threads parse. `id` is a client-chosen id (PUT).
   */
  async createEntry(workspaceId: string, body: unknown, options: { id?: string } = {}): Promise<Entry> {
    if (options.id !== undefined && !UUID_PATTERN.test(options.id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const job: DocumentJob = {
      workspaceId,
      body: body instanceof JsonText ? body.text : (JSON.stringify(body) ?? 'null'),
      id: options.id?.toLowerCase(),
      now: this.clock(),
    };
    let outcome = await this.engine.run(job);
    if ('needsPrevious' in outcome) outcome = await this.engine.run({ ...job, previousJson: await this.previousJson(workspaceId, outcome.needsPrevious) });
    if ('needsPrevious' in outcome) throw new DomainError('internal', 'the engine asked twice for the previous entry');
    if ('unchanged' in outcome) throw new DomainError('internal', 'the engine answered a create as an update');
    checkRefCount(outcome.entry.refs, this.refsLimit);

    // The times are this thread's own Date objects (one from another thread is of another realm under test runners).
    const entry: Entry = { ...outcome.entry, createdAt: job.now, updatedAt: job.now };
    entry.versions = [firstVersionOf(entry)];
    try {
      await this.store.insert(entry);
    } catch (error) {
      if (error instanceof DuplicateEntryError) {
        throw conflict(error.field === 'key' ? 'key is already used in this workspace' : 'id is already used in this workspace');
      }
      throw error;
    }
    return entry;
  }

  /** One entry; with its `data` unless the caller will not show it (GraphQL loads it only when selected). */
  async getEntry(workspaceId: string, id: string, options: { withData: boolean } = { withData: true }): Promise<Entry> {
    if (!UUID_PATTERN.test(id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const entry = await this.store.findById(workspaceId, id.toLowerCase(), options);
    if (!entry) throw notFound('entry');
    return entry;
  }

  /** One entry by its key; a key that no entry could have (too long, control characters, lone surrogates) is bad input. */
  async getEntryByKey(workspaceId: string, key: string, options: { withData: boolean } = { withData: true }): Promise<Entry> {
    const problem = keyProblem(key);
    if (problem) throw badInput(`key: ${problem}`, { key: problem });
    const entry = await this.store.findByKey(workspaceId, key, options);
    if (!entry) throw notFound('entry');
    return entry;
  }

  /**
   * One page of the workspace's entries, newest first (oldest first with `ascending`). With a data budget (the caller will read each
   * entry's `data`), the page ends before the first entry whose data does not fit what is left of it, and
   * its next cursor continues from there: a smaller page, never an error.
   */
  async listEntries(workspaceId: string, query: ListEntriesQuery, options: { dataBudget?: DataBudget } = {}): Promise<EntryPage> {
    const { limit, cursor, ...filters } = checkListQuery(query);
    return this.pageOf(workspaceId, limit, cursor, filters, options);
  }

  /**
   * One page of the entries related to an entry (by id: not found when the workspace has none) or to a UUID,
   * with how each is related; paged, ordered and bounded like listEntries (see related-entries.ts).
   */
  async listRelated(workspaceId: string, query: RelatedEntriesQuery, options: { dataBudget?: DataBudget } = {}): Promise<EntryPage> {
    const { limit, cursor, entryId, related, ...filters } = checkRelatedQuery(query);
    if (entryId !== undefined) await this.getEntry(workspaceId, entryId, { withData: false });
    return this.pageOf(workspaceId, limit, cursor, { ...filters, related }, options, (slice) => this.store.listRelated(workspaceId, { ...slice, related }));
  }

  private async pageOf(
    workspaceId: string,
    limit: number,
    cursor: string | undefined,
    filters: ListFilters,
    options: { dataBudget?: DataBudget },
    read: (slice: ListSlice) => Promise<Entry[]> = (slice) => this.store.list(workspaceId, slice),
  ): Promise<EntryPage> {
    const after = cursor === undefined ? undefined : decodeCursor(workspaceId, cursor, filters);
    const page: EntryPage = { entries: [], limit, cursor, ...filters };
    if (cursor !== undefined && after === undefined) return page; // another workspace's cursor
    const rows = await read({ ...filters, after, limit: limit + 1 });
    page.entries = rows.slice(0, limit);
    const more = rows.length > limit;
    const served = options.dataBudget ? await this.withinBudget(workspaceId, page.entries, options.dataBudget) : page.entries;
    if (served.length < page.entries.length) {
      page.entries = served;
      // Cut short by the budget; with none served, the next page starts where this one was asked to.
      page.nextCursor = encodeCursor(workspaceId, served.length > 0 ? positionOf(served[served.length - 1]) : (after ?? startOf(filters)), filters);
    } else if (more) {
      page.nextCursor = encodeCursor(workspaceId, positionOf(page.entries[page.entries.length - 1]), filters);
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
    const sizes = await this.store.dataSizes(workspaceId, entries.map((entry) => entry.id));
    const unpaid = entries.findIndex((entry) => !budget.pay(entry, sizes.get(entry.id) ?? 0));
    return unpaid === -1 ? entries : entries.slice(0, unpaid);
  }

  /** Lets work in flight finish and stops the engine's threads. */
  async close(): Promise<void> {
    await this.engine.close();
  }
}

const positionOf = (entry: Entry): EntryCursor => ({ createdAt: entry.createdAt.getTime(), id: entry.id });
