/**
 * An entry as the search index reads it back from the database to work out its terms again (its row and its
 * meta rows, snake_case as raw SQL returns them), apart from the index that stores and searches the terms.
 */
import type { Entry } from '../domain/entries/model/entry';
import type { SearchSource } from '../domain/entries/model/search-store';
import { currentSnippet } from '../domain/entries/model/snippet-party';

/** An entry as its search terms are worked out from its rows (the entry's and its meta rows). */
export type IndexedEntry = SearchSource & Pick<Entry, 'workspaceId' | 'createdAt'>;

/** An entry's row as the index reads it (snake_case columns, as raw SQL returns them). */
export interface EntrySearchRow {
  workspace_id: string;
  id: string;
  entry_key: string | null;
  folder: string;
  doc_schema: string;
  state: string | null;
  snippet: string;
  tags: string;
  created_at: number | string;
}

/** A meta row as the index reads it. */
export interface MetaSearchRow {
  meta_key: string;
  ref: string | null;
  value: string | null;
  indexed: number | boolean;
  secure: number | boolean;
}

export const ENTRY_SEARCH_COLUMNS = 'workspace_id, id, entry_key, folder, doc_schema, state, snippet, tags, created_at';
export const META_SEARCH_COLUMNS = 'meta_key, ref, value, indexed, secure';

/** The entry the index is written from, out of its row and its meta rows. */
export function indexedEntryOf(row: EntrySearchRow, metas: MetaSearchRow[]): IndexedEntry {
  return {
    workspaceId: row.workspace_id,
    id: row.id,
    key: row.entry_key ?? undefined,
    folder: row.folder,
    docSchema: row.doc_schema,
    state: row.state ?? undefined,
    snippet: currentSnippet(JSON.parse(row.snippet)),
    tags: JSON.parse(row.tags),
    createdAt: new Date(Number(row.created_at)),
    meta: metas.map((m) => ({
      key: m.meta_key,
      ref: m.ref ?? undefined,
      value: m.value ? JSON.parse(m.value) : undefined,
      indexed: Boolean(m.indexed),
      secure: Boolean(m.secure),
    })),
  };
}
