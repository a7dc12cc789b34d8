import type { EntryRef } from './references-of';
import { DomainError } from '../../shared/errors';

export { MAX_INDEXED_TERMS } from './search-store';

/**
 * What one entry may grow to, so that nothing a client sends makes a write or a read grow without bound:
 * its meta rows (ENTRY_META_LIMIT), the search terms its indexed meta rows take it to (ENTRY_SEARCH_TERMS_LIMIT),
 * and the UUIDs its document names (ENTRY_REFS_LIMIT). Past one, the write is refused, 422 `validation`, and
 * nothing of it is stored.
 */
export interface EntryLimits {
  metaRows: number;
  searchTerms: number;
  refs: number;
  /**
   * ENTRY_PARTS_LIMIT: the most bytes an entry's files and meta rows may weigh as its answers show them (what the
   * read budget pays for them), so that an entry always fits one request's PAGE_DATA_BUDGET and can be read.
   */
  parts: number;
}

/** Far beyond what real entries hold: an invoice of 10,000 lines gives a few dozen terms and names one document. */
export const DEFAULT_ENTRY_LIMITS: EntryLimits = { metaRows: 1000, searchTerms: 10_000, refs: 10_000, parts: 8 * 1024 ** 2 };

/** Refuses a document that names more UUIDs (preceding documents, paid documents) than the limit. */
export function checkRefCount(refs: readonly EntryRef[] | undefined, limit: number): void {
  const count = refs?.length ?? 0;
  if (count <= limit) return;
  const problem = `names ${count} documents (preceding, lines[].document, uuid); at most ${limit} (ENTRY_REFS_LIMIT)`;
  throw new DomainError('validation', `the document ${problem}`, { fields: { data: { doc: problem } } });
}

/** Refuses a meta row that would take its entry past ENTRY_META_LIMIT rows. */
export const tooManyMetaRows = (limit: number) =>
  new DomainError('validation', `the entry has ${limit} meta rows, the most it may have (ENTRY_META_LIMIT): delete one first`, {
    fields: { key: `the entry already has ${limit} meta rows (ENTRY_META_LIMIT)` },
  });

/** Refuses an indexed meta row whose terms would take its entry past ENTRY_SEARCH_TERMS_LIMIT. */
export const tooManySearchTerms = (terms: number, limit: number) =>
  new DomainError(
    'validation',
    `with this indexed row the entry would have ${terms} search terms; at most ${limit} (ENTRY_SEARCH_TERMS_LIMIT): index fewer words, or set indexed to false`,
    {
      fields: { value: `would take the entry to ${terms} search terms, over ${limit} (ENTRY_SEARCH_TERMS_LIMIT)` },
    },
  );

/**
 * Refuses a write of a file or a meta row that takes its entry's parts to `weight` bytes, past ENTRY_PARTS_LIMIT.
 * (Storage weighs the parts before and after the write, in its transaction, and reports only a write that makes
 * the entry heavier: one that makes it lighter is never refused, even where the entry was over the limit already.)
 */
export const partsTooHeavy = (weight: number, limit: number) =>
  new DomainError(
    'payload-too-large',
    `with this write the entry's files and meta rows would weigh ${weight} bytes; at most ${limit} (ENTRY_PARTS_LIMIT): make the meta smaller, or delete some first`,
  );
