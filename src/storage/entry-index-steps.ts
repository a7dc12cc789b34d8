import type { Entry } from '../domain/entries/model/entry';
import type { EntryRef } from '../domain/entries/model/entry-ref';
import type { SearchTermsRule } from '../domain/entries/model/search-store';
import { entryRefSteps } from './entry-refs.repository';
import { ENTRY_SEARCH_COLUMNS, META_SEARCH_COLUMNS, indexedEntryOf, type EntrySearchRow, type MetaSearchRow } from './indexed-entry.mapper';
import { lockSearchRow, searchRowWrites, type TermSource } from './search-index.repository';
import type { Steps } from './sql-transaction';

/**
 * The statements that bring whatever is indexed from an entry up to date with it, run in the transaction that
 * writes the entry's new row (EntryHistoryRepository.update): whatever reads an index then never disagrees with
 * the committed entry. Its references are written again (`refs`, as the domain found them in its envelope), and
 * its search row.
 */
export function* entryIndexSteps(
  mysql: boolean,
  entry: Pick<Entry, 'workspaceId' | 'id' | 'createdAt'>,
  refs: readonly EntryRef[],
  termsOf: SearchTermsRule,
): Steps<void> {
  for (const step of entryRefSteps(entry, refs)) yield step;
  yield* searchRowSteps(mysql, entry.workspaceId, entry.id, termsOf);
}

/**
 * An entry's search row written again from the entry's row and its meta rows as this transaction sees them
 * (after a change of its data, folder or state), their terms given by `termsOf`. On MySQL the search row is
 * locked first, as a change of meta rows does, and the meta rows are read with a locking read, so that neither
 * write misses the other's.
 */
export function* searchRowSteps(
  mysql: boolean,
  workspaceId: string,
  entryId: string,
  termsOf: SearchTermsRule,
  /** Throws to refuse the change (the transaction is rolled back): a meta row that would index too many terms. */
  check?: (terms: readonly string[]) => void,
): Steps<void> {
  const locked: TermSource[] | undefined = mysql ? yield lockSearchRow(workspaceId, entryId) : undefined;
  const [row]: EntrySearchRow[] = yield {
    sql: `SELECT ${ENTRY_SEARCH_COLUMNS} FROM entries WHERE workspace_id = ? AND id = ?`,
    parameters: [workspaceId, entryId],
  };
  if (!row) return;
  const metas: MetaSearchRow[] = yield {
    sql: `SELECT ${META_SEARCH_COLUMNS} FROM entry_meta WHERE workspace_id = ? AND entry_id = ?${mysql ? ' LOCK IN SHARE MODE' : ''}`,
    parameters: [workspaceId, entryId],
  };
  const entry = indexedEntryOf(row, metas);
  const terms = termsOf(entry);
  check?.(terms);
  yield* searchRowWrites({ ...entry, terms }, { mysql, locked });
}
