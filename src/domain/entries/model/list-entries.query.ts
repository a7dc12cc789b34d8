import { badInput, type ErrorFields } from '../../shared/errors';
import type { ListFilters } from './entry-cursor';
import { STATE_KEYS } from './entry-state';
import { FOLDER_PATTERN } from './folders';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A list request as an adapter received it: strings from a query string, numbers from GraphQL. */
export interface ListEntriesQuery {
  limit?: string | number;
  cursor?: string;
  folder?: string;
  /** A state key: only entries whose latest state it is. */
  state?: string;
  createdAt?: string | Date;
  /** `true`/`false` from a query string, a boolean from GraphQL. */
  ascending?: string | boolean;
  /** `created_at` (the default) or `amount`. */
  orderBy?: string;
}

export interface CheckedListQuery extends ListFilters {
  limit: number;
  cursor?: string;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export function parseLimit(value: string | number | undefined, fields: ErrorFields): number {
  if (value === undefined || value === '') return DEFAULT_PAGE_SIZE;
  const limit = typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(limit) || limit <= 0) {
    fields.limit = 'must be a positive whole number';
    return DEFAULT_PAGE_SIZE;
  }
  return Math.min(limit, MAX_PAGE_SIZE);
}

export function parseAscending(value: string | boolean | undefined, fields: ErrorFields): boolean | undefined {
  if (value === undefined || value === '' || value === false || value === 'false') return undefined;
  if (value === true || value === 'true') return true;
  fields.ascending = 'must be true or false';
  return undefined;
}

export function parseCreatedAt(value: string | Date | undefined, fields: ErrorFields): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = typeof value === 'string' && RFC3339.test(value) ? new Date(value) : value instanceof Date ? value : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    fields.created_at = 'must be an RFC 3339 timestamp';
    return undefined;
  }
  return date;
}

export function parseOrderBy(value: string | undefined, fields: ErrorFields): 'amount' | undefined {
  if (value === undefined || value === '' || value === 'created_at') return undefined;
  if (value === 'amount') return 'amount';
  fields.order_by = 'must be created_at or amount';
  return undefined;
}

/** The filters a list and a count share (folder, state, created_at, ascending), each bad one noted in `fields`. */
export function parseListFilters(
  query: Pick<ListEntriesQuery, 'folder' | 'state' | 'createdAt' | 'ascending'>,
  fields: ErrorFields,
): { folder?: string; state?: string; createdAt?: Date; ascending?: boolean } {
  const createdAt = parseCreatedAt(query.createdAt, fields);
  const ascending = parseAscending(query.ascending, fields);
  const folder = query.folder || undefined;
  if (folder !== undefined && !FOLDER_PATTERN.test(folder)) fields.folder = 'must match ^[a-z0-9][a-z0-9_-]{0,63}$';
  const state = query.state || undefined;
  if (state !== undefined && !(STATE_KEYS as readonly string[]).includes(state)) fields.state = `must be one of ${STATE_KEYS.join(', ')}`;
  return { folder, state, createdAt, ascending };
}

/** Checks the limit, filters and cursor of a list request; every bad parameter is reported at once. */
export function checkListQuery(query: ListEntriesQuery): CheckedListQuery {
  const fields: ErrorFields = {};
  const limit = parseLimit(query.limit, fields);
  const { folder, state, createdAt, ascending } = parseListFilters(query, fields);
  const orderBy = parseOrderBy(query.orderBy, fields);
  // By amount, a time bound would be a filter no index serves: a page could read the workspace to fill itself.
  if (orderBy === 'amount' && createdAt !== undefined) fields.created_at = 'cannot be combined with the order by amount';
  throwIfAny(fields);
  return { limit, createdAt, folder, state, ascending, cursor: query.cursor || undefined, ...(orderBy ? { orderBy } : {}) };
}

/** One bad-input error naming every field at fault, if any is. */
export function throwIfAny(fields: ErrorFields): void {
  const names = Object.keys(fields);
  if (names.length > 0) throw badInput(names.map((n) => `${n}: ${fields[n] as string}`).join('; '), fields);
}
