import type { EntryState, EntryVersion } from '../domain/entry-history';
import type { EntryStateEntity } from './entities/entry-history.entity';

/** An entry_versions row as a statement reads it (the engine's types). */
export interface VersionRow {
  version: string;
  at: number | string;
  invalid: number | boolean;
  signed: number | boolean;
  src: string;
}

/** A version as its entry_versions row holds it. */
export const versionOfRow = (row: VersionRow): EntryVersion => ({
  version: row.version,
  at: new Date(Number(row.at)),
  invalid: Boolean(Number(row.invalid)),
  signed: Boolean(Number(row.signed)),
  src: row.src,
});

/** A state as its entry_states row holds it. */
export function fromStateRow(row: EntryStateEntity): EntryState {
  return {
    id: row.id,
    entryId: row.entryId,
    key: row.key,
    notes: row.notes ?? undefined,
    meta: row.meta === null ? undefined : (JSON.parse(row.meta) as Record<string, string>),
    src: row.src,
    at: new Date(row.at),
    createdAt: new Date(row.createdAt),
  };
}
