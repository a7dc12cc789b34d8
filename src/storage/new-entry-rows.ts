/**
 * New entries' rows and the statements that write them, apart from the entry repository: a worker thread makes the
 * rows without one (the sample seed), and an import of an export writes them in a transaction of its own.
 */
import type { DataSource } from 'typeorm';
import type { EntryRef } from '../domain/entries/model/entry-ref';
import type { EntryRecord } from '../domain/entries/model/entry-store';
import { EntryEntity } from './entities/entry.entity';
import { insertSteps } from './bulk-insert';
import { toEntryRow } from './entry.mapper';
import { refInsertSteps, type RefOwner } from './entry-refs.repository';
import { searchRowInserts, type SearchRow } from './search-index.repository';
import type { Steps } from './sql-transaction';

/**
 * The rows that make a new entry, whoever writes it (a create, a bulk import, an import of an export): the entry's
 * row, the documents it names and its search row. Its other parts and its events are the caller's.
 */
export function* newEntrySteps(
  dataSource: DataSource,
  records: readonly Pick<EntryRecord, 'entry' | 'refs' | 'searchTerms'>[],
  mysql: boolean,
): Steps<void> {
  yield* newEntryRowSteps(dataSource, newEntryRows(records), mysql);
}

/** The rows of new entries: the part of writing them that needs no connection (the envelope packed, the search terms). */
export interface NewEntryRows {
  entries: EntryEntity[];
  refs: { entry: RefOwner; refs: readonly EntryRef[] }[];
  search: SearchRow[];
}

export function newEntryRows(records: readonly Pick<EntryRecord, 'entry' | 'refs' | 'searchTerms'>[]): NewEntryRows {
  return {
    entries: records.map((record) => toEntryRow(record.entry)),
    refs: records.map(({ entry, refs }) => ({ entry: { workspaceId: entry.workspaceId, id: entry.id, createdAt: entry.createdAt }, refs })),
    search: records.map(({ entry, searchTerms }) => ({
      workspaceId: entry.workspaceId,
      id: entry.id,
      folder: entry.folder,
      createdAt: entry.createdAt,
      terms: searchTerms,
    })),
  };
}

/** The statements that write new entries' rows (the entry's, the documents it names, its search row). */
export function* newEntryRowSteps(dataSource: DataSource, rows: NewEntryRows, mysql: boolean): Steps<void> {
  yield* insertSteps(dataSource, EntryEntity, rows.entries);
  yield* refInsertSteps(rows.refs);
  yield* searchRowInserts(rows.search, { termRows: mysql });
}
