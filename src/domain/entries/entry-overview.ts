import type { BoundedCount, CountFilters, EntryOverviewStore } from './model/entry-overview-store';
import type { ErrorFields } from '../shared/errors';
import { parseListFilters, throwIfAny } from './model/list-entries.query';
import { rethrowForClient } from './model/store-refusals';

export type { BoundedCount, CountFilters, EntryOverviewStore } from './model/entry-overview-store';

/** The most folders listed: a workspace filing into more has a folder filter people type into, not pick from. */
export const MAX_FOLDERS_LISTED = 100;
/** Counts stop here: past it a list says "10,000+", and a count never costs more than reading this many index rows. */
export const COUNT_LIMIT = 10_000;
/**
 * With both a folder and a state, the rows of one are read and the other checked on each: at most this many are
 * read, so a rare state in a large folder gives a count that says "at least" rather than a scan without end.
 */
export const COUNT_SCAN_LIMIT = 50_000;

/** The filters of a count, as an adapter received them (those of the list, without paging). */
export interface CountEntriesQuery {
  folder?: string;
  state?: string;
  createdAt?: string | Date;
  ascending?: string | boolean;
}

function checkCountQuery(query: CountEntriesQuery): CountFilters {
  const fields: ErrorFields = {};
  const filters = parseListFilters(query, fields);
  throwIfAny(fields);
  return filters;
}

/** What a list shows around its rows: the folders to filter by, and how many entries a filter matches. */
export class EntryOverview {
  constructor(private readonly store: EntryOverviewStore) {}

  foldersInUse(workspaceId: string): Promise<string[]> {
    return this.store.foldersInUse(workspaceId, MAX_FOLDERS_LISTED).catch(rethrowForClient);
  }

  /** How many entries the list with these filters holds, up to COUNT_LIMIT; bad filters are refused as the list refuses them. */
  countEntries(workspaceId: string, query: CountEntriesQuery): Promise<BoundedCount> {
    const filters = checkCountQuery(query);
    return this.store.countEntries(workspaceId, filters, COUNT_LIMIT, COUNT_SCAN_LIMIT).catch(rethrowForClient);
  }
}
