import { v7 as uuidv7 } from 'uuid';
import type { Envelope, Fault } from '../document';
import { parseCreateEntryInput, UUID_PATTERN, type CreateEntryInput, keyProblem } from './create-entry.input';
import { InThreadEngine, type DocumentEngine } from './document-pipeline';
import type { Entry } from './entry';
import { decodeCursor, encodeCursor } from './entry-cursor';
import { DuplicateEntryError, type EntryStore } from './entry-store';
import { badInput, conflict, notFound } from './errors';
import { toEntryFaults } from './faults';
import { folderForSchema } from './folders';
import { checkListQuery, type ListEntriesQuery } from './list-entries.query';
import { buildSnippet } from './snippet';
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
  /** The service's envelope signing keys; without them `sign` is refused and signatures are only content-checked. */
  signingKeys?: SigningKeys;
  /** Where document work runs; by default in the calling thread (the server passes its worker pool). */
  engine?: DocumentEngine;
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
    this.engine = options.engine ?? new InThreadEngine({ signingKeys: options.signingKeys, newId: options.newId ?? (() => uuidv7()) });
  }

  /** Creates an entry from a request body (contract field names). `id` is a client-chosen id (PUT). */
  async createEntry(workspaceId: string, body: unknown, options: { id?: string } = {}): Promise<Entry> {
    if (options.id !== undefined && !UUID_PATTERN.test(options.id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const input = parseCreateEntryInput(body);
    const now = this.clock();
    const previous = input.previousId === undefined ? undefined : await this.previousEnvelope(workspaceId, input.previousId);
    const { envelope, faults } = await this.engine.run({ workspaceId, input, previous, id: options.id?.toLowerCase(), now });

    const entry = this.entryOf(workspaceId, envelope, input, faults, now);
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

  /** The envelope of the entry a new one derives from (`previous_id`). */
  private async previousEnvelope(workspaceId: string, previousId: string): Promise<Envelope> {
    const previous = await this.store.findById(workspaceId, previousId, { withData: true });
    if (!previous?.data) throw notFound('previous entry');
    return previous.data;
  }

  /** Lets work in flight finish and stops the engine's threads. */
  async close(): Promise<void> {
    await this.engine.close();
  }

  private entryOf(workspaceId: string, envelope: Envelope, input: CreateEntryInput, faults: Fault[], now: Date): Entry {
    const invalid = faults.length > 0;
    const tags = Array.isArray(envelope.head.tags) ? envelope.head.tags.filter((t): t is string => typeof t === 'string') : [];
    const signed = Array.isArray(envelope.sigs) && envelope.sigs.length > 0;
    return {
      workspaceId,
      id: envelope.head.uuid,
      key: input.key,
      folder: input.folder ?? folderForSchema(envelope.doc.$schema as string),
      docSchema: envelope.doc.$schema as string,
      envSchema: envelope.$schema,
      state: invalid ? 'invalid' : undefined,
      signed,
      invalid,
      digest: { alg: envelope.head.dig.alg, val: envelope.head.dig.val },
      snippet: buildSnippet(envelope),
      tags,
      attachments: [],
      meta: [],
      faults: toEntryFaults(faults),
      createdAt: now,
      updatedAt: now,
      data: envelope,
    };
  }
}
