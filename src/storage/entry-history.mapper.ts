import type { EntryState, EntryVersion } from '../domain/entries/model/entry-history';
import { EntryStateEntity, EntryVersionEntity } from './entities/entry-history.entity';
import { envelopeColumns } from './packed-json';

/** An entry_versions row as a statement reads it (the engine's types). */
export interface VersionRow {
  version: string;
  at: number | string;
  invalid: number | boolean;
  signed: number | boolean;
  src: string;
  src_id: string | null;
}

/** A version as its entry_versions row holds it. */
export const versionOfRow = (row: VersionRow): EntryVersion => ({
  version: row.version,
  at: new Date(Number(row.at)),
  invalid: Boolean(Number(row.invalid)),
  signed: Boolean(Number(row.signed)),
  src: row.src,
  ...(row.src_id ? { srcId: row.src_id } : {}),
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
    ...(row.srcId ? { srcId: row.srcId } : {}),
    at: new Date(row.at),
    createdAt: new Date(row.createdAt),
  };
}

/** A state as its entry_states row. */
export function toStateRow(workspaceId: string, state: EntryState): EntryStateEntity {
  return Object.assign(new EntryStateEntity(), {
    workspaceId,
    entryId: state.entryId,
    at: state.at.getTime(),
    id: state.id,
    key: state.key,
    notes: state.notes ?? null,
    meta: state.meta === undefined ? null : JSON.stringify(state.meta),
    src: state.src,
    srcId: state.srcId ?? null,
    createdAt: state.createdAt.getTime(),
  });
}

/** A version of an entry, the `seq`-th, as its entry_versions row with the envelope it had (`data`, stored JSON, packed). */
export function toVersionRow(
  workspaceId: string,
  entryId: string,
  seq: number,
  version: EntryVersion,
  data: string,
  envelope = envelopeColumns(data),
): EntryVersionEntity {
  return Object.assign(new EntryVersionEntity(), {
    workspaceId,
    entryId,
    seq,
    version: version.version,
    at: version.at.getTime(),
    invalid: version.invalid,
    signed: version.signed,
    src: version.src,
    srcId: version.srcId ?? null,
    ...envelope,
  });
}
