import { v7 as uuidv7 } from 'uuid';
import type { Envelope } from '../document';
import { UUID_PATTERN, keyProblem } from './create-entry.input';
import { InThreadEngine, type DocumentEngine, type DocumentJob } from './document-pipeline';
import { storedJsonOf, type Entry } from './entry';
import { JsonText } from './json-text';
import { decodeCursor, encodeCursor } from './entry-cursor';
import { DuplicateEntryError, type EntryStore } from './entry-store';
import { DomainError, badInput, conflict, notFound } from './errors';
import { checkListQuery, type ListEntriesQuery } from './list-entries.query';
import type { JsonPatchLimits } from './derive/json-patch';
import type { PublicJwk, SigningKeys } from '../signing/signing-keys';

export interface EntryPage {
  entries: Entry[];
  limit: number;
  cursor?: string;
  nextCursor?: string;
  folder?: string;
  createdAt?: Date;
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
}

/**
 * The entries of a workspace: create, fetch and list. Both APIs call these methods and nothing else,
 * so they answer alike.
 */
export class EntryService {
  private readonly clock: () => Date;
  private readonly signingKeys?: SigningKeys;
  private readonly engine: DocumentEngine;

  constructor(
    private readonly store: EntryStore,
    options: EntryServiceOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.signingKeys = options.signingKeys;
    this.engine = options.engine ?? new InThreadEngine({ signingKeys: options.signingKeys, jsonPatchLimits: options.jsonPatchLimits, newId: options.newId ?? (() => uuidv7()) });
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

    // The times are this thread's own Date objects (one from another thread is of another realm under test runners).
    const entry: Entry = { ...outcome.entry, createdAt: job.now, updatedAt: job.now };
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

  /** One page of the workspace's entries, newest first. */
  async listEntries(workspaceId: string, query: ListEntriesQuery): Promise<EntryPage> {
    const { limit, cursor, ...filters } = checkListQuery(query);
    const after = cursor === undefined ? undefined : decodeCursor(workspaceId, cursor, filters);
    const page: EntryPage = { entries: [], limit, cursor, ...filters };
    if (cursor !== undefined && after === undefined) return page; // another workspace's cursor
    const rows = await this.store.list(workspaceId, { ...filters, after, limit: limit + 1 });
    page.entries = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = page.entries[page.entries.length - 1];
      page.nextCursor = encodeCursor(workspaceId, { createdAt: last.createdAt.getTime(), id: last.id }, filters);
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

  /** Lets work in flight finish and stops the engine's threads. */
  async close(): Promise<void> {
    await this.engine.close();
  }
}
