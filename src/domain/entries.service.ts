import { v7 as uuidv7 } from 'uuid';
import { processDocument, type Envelope, type Fault, type JsonObject } from '../document';
import { parseCreateEntryInput, UUID_PATTERN, type CreateEntryInput, keyProblem } from './create-entry.input';
import type { Entry } from './entry';
import { decodeCursor, encodeCursor } from './entry-cursor';
import { DuplicateEntryError, type EntryStore } from './entry-store';
import { DomainError, badInput, conflict, notFound } from './errors';
import { toEntryFaults, validationError } from './faults';
import { folderForSchema } from './folders';
import { checkListQuery, type ListEntriesQuery } from './list-entries.query';
import { buildSnippet } from './snippet';
import { deriveSource } from './derive/derive-source';
import { signEnvelope, verifyEnvelopeSignatures, withSigningFaults } from '../signing/envelope-signatures';
import type { PublicJwk, SigningKeys } from '../signing/signing-keys';
import { observeEngineSeconds } from '../metrics';

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
}

/**
 * The entries of a workspace: create, fetch and list. Both APIs call these methods and nothing else,
 * so they answer alike.
 */
export class EntryService {
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly signingKeys?: SigningKeys;

  constructor(
    private readonly store: EntryStore,
    options: EntryServiceOptions = {},
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? (() => uuidv7());
    this.signingKeys = options.signingKeys;
  }

  /** Creates an entry from a request body (contract field names). `id` is a client-chosen id (PUT). */
  async createEntry(workspaceId: string, body: unknown, options: { id?: string } = {}): Promise<Entry> {
    if (options.id !== undefined && !UUID_PATTERN.test(options.id)) throw badInput('id must be a UUID', { id: 'must be a UUID' });
    const input = parseCreateEntryInput(body);
    const now = this.clock();
    const source = await this.sourceDocument(workspaceId, input, now);
    const engineStarted = process.hrtime.bigint();
    const result = processDocument(source, { newUuid: this.newId, now });
    observeEngineSeconds(Number(process.hrtime.bigint() - engineStarted) / 1e9);
    if (!result.ok) throw new DomainError(result.error, result.message, { faults: toEntryFaults(result.faults) });
    const envelope = result.envelope;
    this.settleId(envelope, source, options.id);
    verifyEnvelopeSignatures(envelope, this.signingKeys);
    const faults = withSigningFaults(envelope, result.faults);
    if (faults.length > 0 && !input.allowInvalid) throw validationError(faults);
    if (input.sign) this.sign(envelope, faults, now);

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

  async getEntryByKey(workspaceId: string, key: string, options: { withData: boolean } = { withData: true }): Promise<Entry> {
    const entry = keyProblem(key) ? undefined : await this.store.findByKey(workspaceId, key, options);
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

  /** The document to process: the uploaded data, or one derived from an earlier entry. */
  private async sourceDocument(workspaceId: string, input: CreateEntryInput, now: Date): Promise<JsonObject> {
    if (input.previousId !== undefined) {
      const previous = await this.store.findById(workspaceId, input.previousId, { withData: true });
      if (!previous?.data) throw notFound('previous entry');
      return deriveSource(previous.data, input, { now });
    }
    return input.data as JsonObject;
  }

  private sign(envelope: Envelope, faults: Fault[], now: Date): void {
    if (!this.signingKeys) throw new DomainError('internal', 'no signing key is configured');
    signEnvelope(envelope, faults, this.signingKeys, now);
  }

  /** A client-chosen id names the envelope; an uploaded envelope must agree with it. */
  private settleId(envelope: Envelope, source: JsonObject, id: string | undefined): void {
    if (id !== undefined) {
      const given = source.doc !== undefined && (source.head as JsonObject | undefined)?.uuid;
      if (typeof given === 'string' && given.toLowerCase() !== id.toLowerCase()) {
        throw badInput('the envelope uuid differs from the id in the path', { data: { head: { uuid: 'differs from the id in the path' } } });
      }
      envelope.head.uuid = id.toLowerCase();
    }
    if (!UUID_PATTERN.test(envelope.head.uuid)) {
      throw badInput('the envelope uuid must be a UUID', { data: { head: { uuid: 'must be a UUID' } } });
    }
    envelope.head.uuid = envelope.head.uuid.toLowerCase();
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
