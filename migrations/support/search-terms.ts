import { createHash } from 'node:crypto';

/**
 * The terms text of an entry's search row, as the search index was written when migrations 1764300000000 and
 * 1764500000000 were added: a frozen copy, so that a later change to how the service indexes entries does not
 * change what these migrations wrote. Only migrations import this file.
 */

/** Longest term kept, in characters. */
const MAX_TERM_LENGTH = 64;
/** How many parts of one value are joined up. */
const MAX_JOINED_PARTS = 12;
/** Terms stored per entry, its folder term aside. */
const MAX_INDEXED_TERMS = 50_000;

/** A meta row's indexed fields, as the backfill reads them. */
export interface MetaSource {
  key: string;
  ref?: string;
  value?: Record<string, unknown>;
  indexed: boolean;
  secure: boolean;
}

/** An entry as the index is written from it. */
export interface IndexedEntry {
  workspaceId: string;
  id: string;
  key?: string;
  folder: string;
  docSchema: string;
  state?: string;
  snippet: unknown;
  tags: string[];
  createdAt: Date;
  meta: MetaSource[];
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

/** A value's parts, and each run of parts from one of them to the end joined together. */
function termsOfValue(value: string, into: Set<string>): void {
  const parts = partsOf(value);
  for (const part of parts) into.add(part);
  const joinable = parts.slice(-MAX_JOINED_PARTS);
  for (let start = 0; start < joinable.length - 1; start++) into.add(joinable.slice(start).join('').slice(0, MAX_TERM_LENGTH));
}

const TAX_ID_WITH_COUNTRY = /^[A-Za-z]{2}(.+)$/;

/** The strings of a snippet, at any depth; a tax id also without its country prefix. */
function snippetStrings(value: unknown, name: string, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
    const bare = (name === 'tax_id' && TAX_ID_WITH_COUNTRY.exec(value)?.[1]) || undefined;
    if (bare) out.push(bare);
  } else if (Array.isArray(value)) {
    for (const item of value) snippetStrings(item, name, out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) snippetStrings(member, key, out);
  }
}

/** The terms an entry is found by, deduplicated, in a stable order. */
function searchTermsOf(entry: IndexedEntry): string[] {
  const values: string[] = [entry.id, entry.folder, entry.docSchema.split('/').slice(-1)[0] ?? ''];
  if (entry.key) values.push(entry.key);
  if (entry.state) values.push(entry.state);
  snippetStrings(entry.snippet, '', values);
  values.push(...entry.tags);
  for (const meta of entry.meta) {
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

/** "w" and 10 hex digits of the workspace's SHA-256. */
const workspaceToken = (workspaceId: string) => `w${createHash('sha256').update(workspaceId).digest('hex').slice(0, 10)}`;

/** "0f" and 16 hex digits of the folder's SHA-256. */
const folderTerm = (folder: string) => `0f${createHash('sha256').update(folder).digest('hex').slice(0, 16)}`;

/** The text stored for an entry's terms: each, and its folder term, with its workspace token, separated by spaces. */
export function termsText(entry: IndexedEntry): string {
  const prefix = workspaceToken(entry.workspaceId);
  return [...searchTermsOf(entry).slice(0, MAX_INDEXED_TERMS), folderTerm(entry.folder)].map((term) => prefix + term).join(' ');
}
