import { UUID_PATTERN } from '../shared/uuid';
import type { ErrorFields } from '../shared/errors';
import type { ListFilters } from './model/entry-cursor';
import { parseAscending, parseCreatedAt, parseLimit, throwIfAny } from './model/list-entries.query';

/**
 * Related entries: the entries whose documents name one another. An entry is related to a UUID when its
 * document names that UUID (a credit note's `preceding`, a payment's `lines[].document`), when it was made
 * from that entry with `previous_id`, or when the document of that UUID names it (context `uuid`). The
 * entry of that UUID itself is never in its own list. Entries of other workspaces never are. A page is read in
 * the database (EntryStore.listRelated), never every link at once.
 */

/** A related list as an adapter received it: the entry (path) or the UUID (query), and the paging of every list. */
export interface RelatedEntriesQuery {
  /** The entry whose related entries are asked for: it must exist (else not found). */
  id?: string;
  /** The UUID whose related entries are asked for: any document's, stored here or not. */
  uuid?: string;
  context?: string;
  limit?: string | number;
  cursor?: string;
  createdAt?: string | Date;
  ascending?: string | boolean;
}

export interface CheckedRelatedQuery extends ListFilters {
  related: string;
  /** Set when the list was asked for by an entry's id, which must then exist. */
  entryId?: string;
  limit: number;
  cursor?: string;
}

const CONTEXT_PATTERN = /^[a-z][a-z0-9._-]{0,31}$/;

/** Checks a related-list request; every bad parameter is reported at once. */
export function checkRelatedQuery(query: RelatedEntriesQuery): CheckedRelatedQuery {
  const fields: ErrorFields = {};
  const limit = parseLimit(query.limit, fields);
  const createdAt = parseCreatedAt(query.createdAt, fields);
  const ascending = parseAscending(query.ascending, fields);
  const context = query.context || undefined;
  if (context !== undefined && !CONTEXT_PATTERN.test(context)) fields.context = `must match ${CONTEXT_PATTERN.source}`;
  const id = query.id;
  const uuid = query.uuid || undefined;
  if (id !== undefined && !UUID_PATTERN.test(id)) fields.id = 'must be a UUID';
  if (uuid !== undefined && !UUID_PATTERN.test(uuid)) fields.uuid = 'must be a UUID';
  else if (uuid === undefined && id === undefined) fields.uuid = 'is required';
  else if (uuid !== undefined && id !== undefined && UUID_PATTERN.test(id) && uuid.toLowerCase() !== id.toLowerCase()) {
    fields.uuid = 'differs from the id in the path';
  }
  throwIfAny(fields);
  const related = (id ?? uuid)!.toLowerCase();
  return {
    related,
    entryId: id === undefined ? undefined : related,
    context,
    limit,
    createdAt,
    ascending,
    cursor: query.cursor || undefined,
  };
}
