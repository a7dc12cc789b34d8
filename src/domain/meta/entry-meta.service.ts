import { isObject, keyProblem } from '../entries/model/create-entry.input';
import { UUID_PATTERN } from '../shared/uuid';
import type { EventMaker } from '../entries/event-maker';
import type { Meta } from '../entries/model/entry';
import type { EntryStore } from '../entries/model/entry-store';
import { badInput, notFound, type ErrorFields } from '../shared/errors';
import type { MetaStore } from './meta-store';
import { rethrowForClient } from '../entries/model/store-refusals';

export type { MetaStore } from './meta-store';

/**
 * The source of the meta rows written through this service's API. The hosted API names the application that
 * wrote a row; here every token speaks for its workspace, so the API has one source. Rows of other sources
 * (written by an import, say) are listed with their entry like any other, but the meta routes read one by
 * key or reference only when it is `shared`, and never change or delete it.
 */
export const API_META_SRC = 'api';

/** What a meta row may hold, as an upsert sends it (the contract's names: `url` and `scope` for the link). */
export interface MetaUpsert {
  ref?: unknown;
  value?: unknown;
  url?: unknown;
  scope?: unknown;
  indexed?: unknown;
  owned?: unknown;
  secure?: unknown;
  shared?: unknown;
}

const LIMITS = { ref: 255, url: 2048, scope: 64 } as const;
const FLAGS = ['indexed', 'owned', 'secure', 'shared'] as const;
/** Bytes of a row's `value` as JSON. */
export const MAX_META_VALUE_BYTES = 64 * 1024;

function checkText(body: Record<string, unknown>, name: keyof typeof LIMITS, fields: ErrorFields): string | undefined {
  const value = body[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > LIMITS[name] || !value.isWellFormed()) {
    fields[name] = `must be a string of at most ${LIMITS[name]} characters`;
    return undefined;
  }
  return value;
}

/**
 * Why a row's link is refused, if it is: only an absolute http(s) URL, since the console and other clients show it
 * as a link, where `javascript:` or `data:` would run in the reader's page.
 */
export function linkUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute http or https URL';
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? undefined : 'must be an absolute http or https URL';
}

/** Checks an upsert body, reporting every bad member at once; null reads as absent. */
export function checkUpsert(given: unknown): Omit<Meta, 'entryId' | 'src' | 'key' | 'createdAt' | 'updatedAt'> {
  if (!isObject(given)) throw badInput('request body must be a JSON object');
  const body = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  const fields: ErrorFields = {};
  for (const name of Object.keys(body)) {
    if (!['ref', 'value', 'url', 'scope', ...FLAGS].includes(name)) fields[name] = 'must be absent';
  }
  const ref = checkText(body, 'ref', fields);
  const url = checkText(body, 'url', fields);
  const urlProblem = url === undefined ? undefined : linkUrlProblem(url);
  if (urlProblem) fields.url = urlProblem;
  const scope = checkText(body, 'scope', fields);
  let value: Record<string, unknown> | undefined;
  if (body.value !== undefined) {
    if (!isObject(body.value)) fields.value = 'must be an object';
    else if (Buffer.byteLength(JSON.stringify(body.value)) > MAX_META_VALUE_BYTES)
      fields.value = `must be at most ${MAX_META_VALUE_BYTES} bytes of JSON`;
    else value = body.value;
  }
  const flags = {} as Record<(typeof FLAGS)[number], boolean>;
  for (const flag of FLAGS) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') fields[flag] = 'must be true or false';
    flags[flag] = body[flag] === true;
  }
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((n) => `${n}: ${fields[n] as string}`).join('; '), fields);
  return { ref, value, linkUrl: url, linkScope: scope, ...flags };
}

function checkKey(key: string, name = 'key'): void {
  const problem = keyProblem(key);
  if (problem) throw badInput(`${name}: ${problem}`, { [name]: problem });
}

/**
 * Meta rows of entries (`/silo/v1/entries/{entry_id}/meta/{key}`): upsert, fetch, delete, and fetch by
 * reference. A `secure` row is never in an entry's `meta` list, only in the answer to its own key; an
 * `indexed` row's reference and values are found by search.
 */
export class EntryMetaService {
  constructor(
    private readonly entries: EntryStore,
    private readonly metas: MetaStore,
    private readonly clock: () => Date = () => new Date(),
    private readonly events?: EventMaker,
  ) {}

  async upsertMeta(workspaceId: string, entryId: string, key: string, body: unknown): Promise<Meta> {
    const id = await this.requireEntry(workspaceId, entryId);
    checkKey(key);
    const fields = checkUpsert(body);
    const now = this.clock();
    const existing = await this.metas.findMeta(workspaceId, id, API_META_SRC, key);
    const meta: Meta = {
      entryId: id,
      src: API_META_SRC,
      key,
      ...fields,
      ownerId: workspaceId,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    const events = this.events?.metaChanged(meta, 'upserted');
    await this.metas.saveMeta(workspaceId, meta, events).catch(rethrowForClient);
    await this.events?.written(workspaceId, events);
    return meta;
  }

  /** The row of this API's source with that key, or else a row another source shared under it. */
  async getMeta(workspaceId: string, entryId: string, key: string): Promise<Meta> {
    const id = await this.requireEntry(workspaceId, entryId);
    checkKey(key);
    const meta = await this.metas.findMeta(workspaceId, id, API_META_SRC, key, { orShared: true });
    if (!meta) throw notFound('meta');
    return meta;
  }

  /** Deletes the row of this API's source (rows of other sources are theirs) and answers it as it was. */
  async deleteMeta(workspaceId: string, entryId: string, key: string): Promise<Meta> {
    const id = await this.requireEntry(workspaceId, entryId);
    checkKey(key);
    const meta = await this.metas.findMeta(workspaceId, id, API_META_SRC, key);
    if (!meta) throw notFound('meta');
    const events = this.events?.metaChanged(meta, 'deleted');
    await this.metas.deleteMeta(workspaceId, meta, events).catch(rethrowForClient);
    await this.events?.written(workspaceId, events);
    return meta;
  }

  /** A row found by its key and reference instead of its entry's id, within the workspace. */
  async getMetaByRef(workspaceId: string, key: string, ref: string): Promise<Meta> {
    checkKey(key);
    checkKey(ref, 'ref');
    const meta = await this.metas.findMetaByRef(workspaceId, API_META_SRC, key, ref);
    if (!meta) throw notFound('meta');
    return meta;
  }

  private async requireEntry(workspaceId: string, entryId: string): Promise<string> {
    if (!UUID_PATTERN.test(entryId)) throw badInput('entry_id must be a UUID', { entry_id: 'must be a UUID' });
    const id = entryId.toLowerCase();
    if (!(await this.entries.findById(workspaceId, id, { withData: false }))) throw notFound('entry');
    return id;
  }
}
