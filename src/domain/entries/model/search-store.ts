import type { Entry, Meta } from './entry';

/**
 * How many results a search reaches: relevance ranks the newest MAX_SEARCH_RESULTS matches (all of a narrow
 * query's), and pages go no deeper (offset + limit). Ranking a match costs a lookup of its own, so a word held
 * by most of a million entries would otherwise take seconds; and every page of a query ranks the same matches.
 */
export const MAX_SEARCH_RESULTS = 1000;
/**
 * The most terms the index keeps of one entry, whatever the configuration (ENTRY_SEARCH_TERMS_LIMIT may be set up
 * to it): an entry whose own fields give more (thousands of tags) is found by its first ones. It bounds what each
 * write of an entry's search row costs.
 */
export const MAX_INDEXED_TERMS = 50_000;

/** A word of a query, normalized; `prefix` when it was written with a trailing `*`. */
export interface SearchTerm {
  text: string;
  prefix: boolean;
}

export interface CheckedSearch {
  /** `q` as given (trimmed). */
  query: string;
  /** The words of `q`, normalized: a matching entry has each as a term (or, for a prefix, a term that begins with it). */
  terms: SearchTerm[];
  folder?: string;
  limit: number;
  offset: number;
}

/** What the search needs from storage: the ids of matching entries of one workspace, best first. */
export interface SearchStore {
  search(workspaceId: string, search: CheckedSearch): Promise<Entry[]>;
}

/** What the search index is made from: the entry's own fields, and its meta rows that ask to be indexed. */
export type SearchSource = Pick<Entry, 'id' | 'key' | 'folder' | 'state' | 'docSchema' | 'snippet' | 'tags'> & {
  meta?: Pick<Meta, 'key' | 'ref' | 'value' | 'indexed' | 'secure'>[];
};

/**
 * The terms an entry is found by (search.ts's searchTermsOf), given to storage where it is wired: an entry's
 * search row is written again inside the transaction that changes its meta rows, its data or its state, from
 * what that transaction sees of the entry and its meta rows, so that two writes at once never index a stale mix.
 */
export type SearchTermsRule = (source: SearchSource) => string[];
