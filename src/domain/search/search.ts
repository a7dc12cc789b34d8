import type { Entry } from '../entries/model/entry';
import { badInput, type ErrorFields } from '../shared/errors';
import { FOLDER_PATTERN } from '../entries/model/folders';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../entries/model/list-entries.query';
import { rethrowForClient } from '../entries/model/store-refusals';
import {
  MAX_SEARCH_RESULTS,
  type CheckedSearch,
  type SearchSource,
  type SearchStore,
  type SearchTerm,
} from '../entries/model/search-store';

export { MAX_SEARCH_RESULTS, type CheckedSearch, type SearchSource, type SearchStore, type SearchTerm };

/** The longest `q` taken, in characters, and the most words in it. */
export const MAX_QUERY_LENGTH = 256;
export const MAX_QUERY_TERMS = 16;
/** Longest term kept, in characters: longer words are cut, at indexing and in queries alike. */
export const MAX_TERM_LENGTH = 64;
/** How many parts of one value are joined up (see termsOfValue). */
const MAX_JOINED_PARTS = 12;

/** A search request as an adapter received it: strings from a query string, numbers from GraphQL. */
export interface SearchQuery {
  q?: string;
  folder?: string;
  limit?: string | number;
  offset?: string | number;
}

/** The shortest word a trailing `*` may make a prefix of: a shorter one would stand for most of the index. */
export const MIN_PREFIX_LENGTH = 3;

/** One page of search results, best match first. */
export interface SearchPage {
  query: string;
  folder?: string;
  limit: number;
  offset: number;
  entries: Entry[];
}

/** Lower case, accents dropped, and every run of characters that is neither a letter nor a digit a separator. */
function partsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part !== '')
    .map((part) => part.slice(0, MAX_TERM_LENGTH));
}

/** A UUID as written with its hyphens (an entry's id, a document's uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The terms of one value: its parts, and each run of parts from one of them to the end joined together, so a
 * query word written with or without its punctuation finds it ("F-0001", "f0001" and "0001" all find "F-0001";
 * "s.l." finds "Provide One S.L.").
 *
 * A UUID is found by the whole of it (with or without hyphens), its first group and its last: its middle groups
 * and the runs of groups from them to the end are random hex that nobody types, and as terms they were about a
 * fifth of an entry's index (twelve unique, incompressible terms for the two UUIDs of every entry).
 */
function termsOfValue(value: string, into: Set<string>): void {
  const parts = partsOf(value);
  if (UUID.test(value)) {
    into.add(parts[0]).add(parts[4]).add(parts.join(''));
    return;
  }
  for (const part of parts) into.add(part);
  const joinable = parts.slice(-MAX_JOINED_PARTS);
  for (let start = 0; start < joinable.length - 1; start++) into.add(joinable.slice(start).join('').slice(0, MAX_TERM_LENGTH));
}

const TAX_ID_WITH_COUNTRY = /^[A-Za-z]{2}(.+)$/;

/**
 * The strings of a snippet, at any depth, and a tax id both with and without its country: a party written as
 * `{country: "ES", tax_code: "B98602642"}` also gives "ESB98602642"; an earlier snippet's `tax_id: "ESB98602642"`
 * (entries stored before the parties took that shape) also gives "B98602642".
 */
function snippetStrings(value: unknown, name: string, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
    const bare = (name === 'tax_id' && TAX_ID_WITH_COUNTRY.exec(value)?.[1]) || undefined;
    if (bare) out.push(bare);
  } else if (Array.isArray(value)) {
    for (const item of value) snippetStrings(item, name, out);
  } else if (typeof value === 'object' && value !== null) {
    const members = value as Record<string, unknown>;
    for (const [key, member] of Object.entries(members)) snippetStrings(member, key, out);
    const { country, tax_code: code } = members;
    if (typeof country === 'string' && typeof code === 'string' && country !== '' && code !== '') out.push(`${country}${code}`);
  }
}

/**
 * The terms an entry is found by: everything its snippet says (series and code, supplier and customer names
 * and tax ids, totals, currency, issue date...), its key, folder, state, tags, document type and id, and the
 * reference and scalar values of its `indexed` meta rows (not the `secure` ones). Deduplicated, in a stable order.
 */
export function searchTermsOf(entry: SearchSource): string[] {
  const values: string[] = [entry.id, entry.folder, entry.docSchema.split('/').slice(-1)[0] ?? ''];
  if (entry.key) values.push(entry.key);
  if (entry.state) values.push(entry.state);
  // The snippet before the tags: where an entry has more terms than the index keeps, what it says is kept first.
  snippetStrings(entry.snippet, '', values);
  values.push(...entry.tags);
  for (const meta of entry.meta ?? []) {
    if (!meta.indexed || meta.secure) continue;
    if (meta.ref) values.push(meta.ref);
    for (const member of Object.values(meta.value ?? {})) {
      if (typeof member === 'string' || typeof member === 'number') values.push(String(member));
    }
  }
  const terms = new Set<string>();
  for (const value of values) termsOfValue(value, terms);
  return [...terms];
}

function wholeNumber(
  value: string | number | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
  fields: ErrorFields,
): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    fields[name] = `must be a whole number from ${min} to ${max}`;
    return fallback;
  }
  return n;
}

/** Checks a search request; every bad parameter is reported at once, as 400 `input`. */
export function checkSearchQuery(query: SearchQuery): CheckedSearch {
  const fields: ErrorFields = {};
  const q = (query.q ?? '').trim();
  const terms: SearchTerm[] = [];
  if (q === '') fields.q = 'is required';
  else if (q.length > MAX_QUERY_LENGTH) fields.q = `must be at most ${MAX_QUERY_LENGTH} characters`;
  else if (!q.isWellFormed()) fields.q = 'must be well-formed Unicode';
  else {
    const seen = new Set<string>();
    for (const word of q.split(/\s+/)) {
      const term = { text: partsOf(word).join('').slice(0, MAX_TERM_LENGTH), prefix: word.endsWith('*') };
      if (term.text === '' || seen.has(`${term.prefix}:${term.text}`)) continue;
      seen.add(`${term.prefix}:${term.text}`);
      terms.push(term);
    }
    if (terms.length === 0) fields.q = 'must contain a letter or a digit';
    else if (terms.length > MAX_QUERY_TERMS) fields.q = `must have at most ${MAX_QUERY_TERMS} words`;
    else if (terms.some((term) => term.prefix && term.text.length < MIN_PREFIX_LENGTH))
      fields.q = `a word ending in * must have at least ${MIN_PREFIX_LENGTH} letters or digits`;
  }
  const folder = query.folder || undefined;
  if (folder !== undefined && !FOLDER_PATTERN.test(folder)) fields.folder = 'must match ^[a-z0-9][a-z0-9_-]{0,63}$';
  const limit = wholeNumber(query.limit, 'limit', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE, fields);
  const offset = wholeNumber(query.offset, 'offset', 0, 0, MAX_SEARCH_RESULTS - 1, fields);
  if (!fields.limit && !fields.offset && offset + limit > MAX_SEARCH_RESULTS)
    fields.offset = `plus limit must be at most ${MAX_SEARCH_RESULTS}`;
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((n) => `${n}: ${fields[n] as string}`).join('; '), fields);
  return { query: q, terms, folder, limit, offset };
}

/** Free-text search over a workspace's entries. Both APIs call this and nothing else for it. */
export class SearchService {
  constructor(private readonly store: SearchStore) {}

  /**
   * Entries of the workspace that have every word of `q` as a term (a word ending in `*`: a term beginning
   * with it), best match first, then newest.
   */
  async search(workspaceId: string, query: SearchQuery): Promise<SearchPage> {
    const checked = checkSearchQuery(query);
    const entries = await this.store.search(workspaceId, checked).catch(rethrowForClient);
    return { query: checked.query, folder: checked.folder, limit: checked.limit, offset: checked.offset, entries };
  }
}
