import type { Series, SeriesEntry } from '../domain/sequences/series';

/** A row as the driver answers it: BIGINT columns may come as strings. */
export type Row = Record<string, unknown>;

export const SERIES_COLUMNS =
  'workspace_id, id, name, code, description, prefix, suffix, padding, start, last_index, last_entry_id, created_at, updated_at';
export const ENTRY_COLUMNS = 'workspace_id, series_id, idx, id, code, previous_id, meta, sigs, created_at, updated_at';

const text = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : String(value));
const whole = (value: unknown): number | undefined => (value === null || value === undefined ? undefined : Number(value));

export function fromSeriesRow(row: Row): Series {
  return {
    workspaceId: String(row.workspace_id),
    id: String(row.id),
    name: String(row.name),
    code: text(row.code),
    description: text(row.description),
    prefix: String(row.prefix),
    suffix: String(row.suffix),
    padding: Number(row.padding),
    start: Number(row.start),
    lastIndex: whole(row.last_index),
    lastEntryId: text(row.last_entry_id),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

export function fromEntryRow(row: Row): SeriesEntry {
  return {
    workspaceId: String(row.workspace_id),
    seriesId: String(row.series_id),
    id: String(row.id),
    index: Number(row.idx),
    code: String(row.code),
    previousId: text(row.previous_id),
    meta: row.meta ? (JSON.parse(String(row.meta)) as Record<string, string>) : {},
    sigs: JSON.parse(String(row.sigs)) as string[],
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
}

/** An entry's row values, in ENTRY_COLUMNS' order. */
export const entryValues = (entry: SeriesEntry): unknown[] => [
  entry.workspaceId,
  entry.seriesId,
  entry.index,
  entry.id,
  entry.code,
  entry.previousId ?? null,
  Object.keys(entry.meta).length > 0 ? JSON.stringify(entry.meta) : null,
  JSON.stringify(entry.sigs),
  entry.createdAt.getTime(),
  entry.updatedAt.getTime(),
];
