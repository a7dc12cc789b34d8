import type { JSONWebKeySet } from 'jose';
import type { SigningKeys } from '../../signing/signing-keys';
import { badInput, conflict, notFound } from '../shared/errors';
import { UUID_PATTERN } from '../shared/uuid';
import { readNewSeries, readNewSeriesEntry } from './sequence-input';
import type { SequenceStore } from './sequence-store';
import { ChainCheck, signLink, type ChainBreak } from './series-chain';
import { MAX_INDEX, MAX_SERIES_PER_WORKSPACE, type Numbering, type Series, type SeriesEntry } from './series';

export const DEFAULT_ENTRIES_LIMIT = 20;
export const MAX_ENTRIES_LIMIT = 100;
/** Entries one verification request checks; the answer says where to go on. */
export const DEFAULT_VERIFY_LIMIT = 10_000;
export const MAX_VERIFY_LIMIT = 100_000;
/** Entries read from storage at once while verifying. */
const VERIFY_PAGE = 500;

/** A page of a series' entries, newest first, and where the next one starts. */
export interface SeriesEntryPage {
  list: SeriesEntry[];
  limit: number;
  cursor?: string;
}

/** What a verification found: the entries checked, from which index, and the first break, if any. */
export interface ChainVerdict {
  valid: boolean;
  checked: number;
  fromIndex: number;
  /** Where to go on from when the check stopped at its limit. */
  nextIndex?: number;
  firstBreak?: ChainBreak;
}

const idOf = (id: string, what: string): string => {
  if (!UUID_PATTERN.test(id)) throw notFound(what);
  return id.toLowerCase();
};

/** The cursor of a series' entries after the entry of `index` (REST's `cursor`, `after` of GraphQL's `Series.entries`). */
export const seriesEntryCursorOf = (index: number): string => Buffer.from(JSON.stringify({ before: index })).toString('base64url');
function indexOfCursor(cursor: string): number {
  try {
    const { before } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown };
    if (Number.isSafeInteger(before) && (before as number) >= 0) return before as number;
  } catch {
    // refused below
  }
  throw badInput('cursor: not a cursor of this list', { cursor: 'must be the cursor of an earlier page' });
}

/** How two sets of meta compare: the same keys and values, in any order. */
const sameMeta = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

const sameNumbering = (a: Numbering, b: Numbering) =>
  a.prefix === b.prefix && a.suffix === b.suffix && a.padding === b.padding && a.start === b.start;

/**
 * A workspace's series of codes (the hosted API's sequence service): created idempotently by id, each entry taking
 * the series' next index in the transaction that stores it, signed into the series' chain, and the chain verified.
 */
export class SequencesService {
  /**
   * The take under way for each series in this process: the next waits for it. Writers of one series take turns on
   * its row anyway; in line here they do not hold database connections waiting for that lock, and on a cluster only
   * one take per process and series meets the other nodes' in certification. Emptied as each line ends.
   */
  private readonly lines = new Map<string, Promise<unknown>>();

  /** Runs `take` after the series' take under way in this process, if any. */
  private inLine<T>(key: string, take: () => Promise<T>): Promise<T> {
    const before = this.lines.get(key) ?? Promise.resolve();
    const mine = before.then(take, take);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.lines.set(key, settled);
    void settled.then(() => {
      if (this.lines.get(key) === settled) this.lines.delete(key);
    });
    return mine;
  }

  constructor(
    private readonly store: SequenceStore,
    private readonly keys: SigningKeys,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Creates the series `id`, or answers it when it exists. Asked again with other values, its name, code and
   * description change; its numbering (prefix, suffix, padding, start) changes only while it has no entry (409 after).
   */
  async putSeries(workspaceId: string, id: string, body: unknown): Promise<Series> {
    const input = readNewSeries(body);
    const seriesId = idOf(id, 'series');
    const now = this.clock();
    const series: Series = {
      workspaceId,
      id: seriesId,
      name: input.name || input.code || seriesId,
      code: input.code || undefined,
      description: input.description || undefined,
      prefix: input.prefix ?? '',
      suffix: input.suffix ?? '',
      padding: input.padding ?? 0,
      start: input.start || 1,
      createdAt: now,
      updatedAt: now,
    };
    const made = await this.store.createSeries(series, MAX_SERIES_PER_WORKSPACE);
    if (!made) throw conflict(`a workspace has at most ${MAX_SERIES_PER_WORKSPACE} series`);
    if (made.created) return made.series;
    const stored = made.series;
    const unchanged =
      sameNumbering(stored, series) &&
      stored.name === series.name &&
      stored.code === series.code &&
      stored.description === series.description;
    if (unchanged) return stored;
    const numberingChanged = !sameNumbering(stored, series);
    const refusal = 'the series has entries: its prefix, suffix, padding and start can no longer change';
    if (numberingChanged && stored.lastIndex !== undefined) throw conflict(refusal);
    // The store changes the numbering only while the series has no entry, checked in its own write.
    const updated = await this.store.updateSeries({ ...series, createdAt: stored.createdAt }, numberingChanged);
    if (!updated) throw notFound('series');
    if (!sameNumbering(updated, series)) throw conflict(refusal);
    return updated;
  }

  listSeries(workspaceId: string): Promise<Series[]> {
    return this.store.listSeries(workspaceId);
  }

  async findSeries(workspaceId: string, id: string): Promise<Series> {
    const series = await this.store.findSeries(workspaceId, idOf(id, 'series'));
    if (!series) throw notFound('series');
    return series;
  }

  /**
   * Gives the entry `id` the series' next code, or answers it when it has one already (the same request again).
   * The same id with other meta, or in another series, is 409.
   */
  async putEntry(workspaceId: string, seriesId: string, id: string, body: unknown): Promise<SeriesEntry> {
    const input = readNewSeriesEntry(body);
    const series = await this.findSeries(workspaceId, seriesId);
    const entryId = idOf(id, 'entry');
    if (input.id !== undefined && input.id.toLowerCase() !== entryId)
      throw badInput(`id: ${input.id} is not the path's entry id ${entryId}`, { id: "must be the path's entry id" });
    const meta = input.meta ?? {};
    const result = await this.inLine(`${workspaceId}/${series.id}`, () =>
      this.store.takeNext(
        workspaceId,
        series.id,
        { id: entryId, meta, at: this.clock() },
        (link) => [signLink(this.keys, link), ...(input.sig ? [input.sig] : [])],
        MAX_INDEX,
      ),
    );
    if ('missing' in result) throw notFound('series');
    if ('exhausted' in result) throw conflict(`the series has reached its last index, ${MAX_INDEX}`);
    if ('taken' in result) return result.taken;
    const existing = result.existing;
    if (existing.seriesId !== series.id) throw conflict(`entry ${entryId} belongs to another series`);
    if (!sameMeta(existing.meta, meta)) throw conflict(`entry ${entryId} exists with other meta: an entry's id takes one code, once`);
    return existing;
  }

  async findEntry(workspaceId: string, seriesId: string, id: string): Promise<SeriesEntry> {
    const series = await this.findSeries(workspaceId, seriesId);
    const entry = await this.store.findEntry(workspaceId, series.id, idOf(id, 'entry'));
    if (!entry) throw notFound('entry');
    return entry;
  }

  /** A series' entries, newest (highest index) first, `limit` at a time; `cursor` continues a list. */
  async entries(workspaceId: string, seriesId: string, query: { limit?: number; cursor?: string }): Promise<SeriesEntryPage> {
    const limit = query.limit ?? DEFAULT_ENTRIES_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ENTRIES_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_ENTRIES_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_ENTRIES_LIMIT}` });
    const before = query.cursor ? indexOfCursor(query.cursor) : undefined;
    const series = await this.findSeries(workspaceId, seriesId);
    if (before !== undefined && before <= series.start) return { list: [], limit };
    const list = await this.store.entries(workspaceId, series.id, {
      fromIndex: before === undefined ? undefined : before - 1,
      limit: limit + 1,
      ascending: false,
    });
    const page = list.slice(0, limit);
    return { list: page, limit, cursor: list.length > limit ? seriesEntryCursorOf(page[page.length - 1].index) : undefined };
  }

  /** The service's public keys, as a verifier outside the service would hold them. */
  jwks(): JSONWebKeySet {
    return this.keys.jwks() as unknown as JSONWebKeySet;
  }

  /**
   * Checks the series' chain from `fromIndex` (its start by default), at most `limit` entries (DEFAULT_VERIFY_LIMIT),
   * with the service's published keys: the first break, or where to go on.
   */
  async verify(workspaceId: string, seriesId: string, query: { fromIndex?: number; limit?: number } = {}): Promise<ChainVerdict> {
    const limit = query.limit ?? DEFAULT_VERIFY_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_VERIFY_LIMIT)
      throw badInput(`limit: must be 1 to ${MAX_VERIFY_LIMIT}`, { limit: `must be an integer from 1 to ${MAX_VERIFY_LIMIT}` });
    const series = await this.findSeries(workspaceId, seriesId);
    return verifyChain(series, this.jwks(), (options) => this.store.entries(workspaceId, series.id, options), {
      fromIndex: query.fromIndex,
      limit,
    });
  }
}

/**
 * Checks a series' chain, read a page at a time by `read`, against `jwks`: the work of the route and of
 * `npm run verify-series`, which holds only the JWKS.
 */
export async function verifyChain(
  series: Series,
  jwks: JSONWebKeySet,
  read: (options: { fromIndex?: number; limit: number; ascending: boolean }) => Promise<SeriesEntry[]>,
  options: { fromIndex?: number; limit: number },
): Promise<ChainVerdict> {
  const fromIndex = Math.max(options.fromIndex ?? series.start, series.start);
  // Past the last entry there is nothing to check (the check from the start says whether entries are missing).
  if (fromIndex > series.start && (series.lastIndex === undefined || fromIndex > series.lastIndex))
    return { valid: true, checked: 0, fromIndex };
  const [previous] = fromIndex > series.start ? await read({ fromIndex: fromIndex - 1, limit: 1, ascending: false }) : [];
  if (fromIndex > series.start && previous?.index !== fromIndex - 1)
    return {
      valid: false,
      checked: 0,
      fromIndex,
      firstBreak: { index: fromIndex - 1, reason: `there is no entry at index ${fromIndex - 1}` },
    };
  const check = new ChainCheck(jwks, { ...series, seriesId: series.id }, previous);
  let next = fromIndex;
  while (check.checked < options.limit) {
    const page = await read({ fromIndex: next, limit: Math.min(VERIFY_PAGE, options.limit - check.checked), ascending: true });
    for (const entry of page) {
      const fault = await check.next(entry);
      if (fault) return { valid: false, checked: check.checked, fromIndex, firstBreak: fault };
    }
    if (page.length === 0) break;
    next = page[page.length - 1].index + 1;
  }
  if (check.checked >= options.limit && series.lastIndex !== undefined && next <= series.lastIndex)
    return { valid: true, checked: check.checked, fromIndex, nextIndex: next };
  const end = check.end(series.lastIndex);
  return end ? { valid: false, checked: check.checked, fromIndex, firstBreak: end } : { valid: true, checked: check.checked, fromIndex };
}
