import { workspaceTag } from '../../shared/workspace-tag';
import { badInput } from '../../shared/errors';

/** The filters a list was asked with; a cursor only continues the list it was made for. */
export interface ListFilters {
  folder?: string;
  /** Only entries whose latest state has this key. */
  state?: string;
  createdAt?: Date;
  /** Oldest first instead of newest first; `createdAt` is then a lower bound. By amount: lowest first. */
  ascending?: boolean;
  /** By amount (sort-amount.ts; then id, entries without one last) instead of creation time (absent). */
  orderBy?: 'amount';
  /** A related list: the entries related to this UUID (see related-entries.ts), and only by this context. */
  related?: string;
  context?: string;
}

/** A position in a workspace's list: the last entry of the previous page. */
export interface EntryCursor {
  createdAt: number;
  id: string;
  /** In a list by amount: the entry's amount, null for one without (those come last, by id). */
  amount?: number | null;
}

/** A position before every entry: a list continued from it starts at the newest. */
export const BEFORE_NEWEST: EntryCursor = { createdAt: Number.MAX_SAFE_INTEGER, id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/** A position before every entry in ascending order: a list continued from it starts at the oldest. */
export const BEFORE_OLDEST: EntryCursor = { createdAt: Number.MIN_SAFE_INTEGER, id: '00000000-0000-0000-0000-000000000000' };

/** Where a list in the given order starts: by amount, before the highest (lowest) there may be. */
export const startOf = (filters: ListFilters): EntryCursor => {
  const start = filters.ascending ? BEFORE_OLDEST : BEFORE_NEWEST;
  return filters.orderBy === 'amount' ? { ...start, amount: filters.ascending ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER } : start;
};

interface CursorPayload {
  v: 1;
  /** Which workspace made the cursor (a short hash, not the name). */
  w: string;
  c: number;
  i: string;
  f?: string;
  /** The state filter. */
  s?: string;
  t?: number;
  /** Present (1) when the list is oldest first. */
  a?: 1;
  /** Present (1) when the list is by amount; `m` is then the amount of the position (null: among those without). */
  o?: 1;
  m?: number | null;
  /** The UUID and context of a related list. */
  r?: string;
  x?: string;
}

export function encodeCursor(workspaceId: string, position: EntryCursor, filters: ListFilters): string {
  const payload: CursorPayload = { v: 1, w: workspaceTag(workspaceId), c: position.createdAt, i: position.id };
  if (filters.folder) payload.f = filters.folder;
  if (filters.state) payload.s = filters.state;
  if (filters.createdAt) payload.t = filters.createdAt.getTime();
  if (filters.ascending) payload.a = 1;
  if (filters.orderBy === 'amount') {
    payload.o = 1;
    payload.m = position.amount ?? null;
  }
  if (filters.related) payload.r = filters.related;
  if (filters.context) payload.x = filters.context;
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function parsePayload(text: string): CursorPayload | undefined {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(text)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as CursorPayload;
    const valid =
      payload?.v === 1 &&
      typeof payload.w === 'string' &&
      Number.isSafeInteger(payload.c) &&
      typeof payload.i === 'string' &&
      /^[0-9a-f-]{36}$/.test(payload.i) &&
      (payload.f === undefined || typeof payload.f === 'string') &&
      (payload.s === undefined || typeof payload.s === 'string') &&
      (payload.t === undefined || Number.isSafeInteger(payload.t)) &&
      (payload.a === undefined || payload.a === 1) &&
      (payload.o === undefined ? payload.m === undefined : payload.o === 1 && (payload.m === null || Number.isSafeInteger(payload.m))) &&
      (payload.r === undefined || typeof payload.r === 'string') &&
      (payload.x === undefined || typeof payload.x === 'string');
    return valid ? payload : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a cursor given back by a client. A cursor that does not decode, or was made for other
 * filters, the other order (`ascending`) or another list (a related list), is bad input. A cursor of another workspace gives `undefined`: the list is then empty,
 * as if the position did not exist, and nothing of the other workspace is revealed.
 */
export function decodeCursor(workspaceId: string, text: string, filters: ListFilters): EntryCursor | undefined {
  const payload = parsePayload(text);
  if (!payload) throw badInput('cursor is not valid', { cursor: 'is not valid' });
  if (Boolean(payload.a) !== Boolean(filters.ascending)) {
    const made = payload.a ? 'ascending (oldest first)' : 'descending (newest first)';
    throw badInput(`cursor was made for the ${made} order: give the same ascending value`, { cursor: `was made for the ${made} order` });
  }
  if (Boolean(payload.o) !== (filters.orderBy === 'amount')) {
    const made = payload.o ? 'amount' : 'created_at';
    throw badInput(`cursor was made for the list ordered by ${made}: give the same order`, { cursor: `was made for the order by ${made}` });
  }
  if (payload.r !== filters.related) {
    throw badInput('cursor was made for another list', { cursor: 'was made for another list' });
  }
  if (
    payload.f !== filters.folder ||
    payload.s !== filters.state ||
    payload.t !== filters.createdAt?.getTime() ||
    payload.x !== filters.context
  ) {
    throw badInput('cursor was made for other filters', { cursor: 'was made for other filters' });
  }
  if (payload.w !== workspaceTag(workspaceId)) return undefined;
  return payload.o ? { createdAt: payload.c, id: payload.i, amount: payload.m ?? null } : { createdAt: payload.c, id: payload.i };
}
