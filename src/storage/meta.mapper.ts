import type { Meta } from '../domain/entries/model/entry';
import { setStoredJson } from '../domain/shared/stored-json';
import { MetaEntity } from './entities/meta.entity';

/** A meta row as its `entry_meta` row, and back. */
export function toMetaRow(workspaceId: string, meta: Meta): MetaEntity {
  return Object.assign(new MetaEntity(), {
    workspaceId,
    entryId: meta.entryId,
    src: meta.src,
    key: meta.key,
    value: meta.value === undefined ? null : JSON.stringify(meta.value),
    ref: meta.ref ?? null,
    ownerId: meta.ownerId ?? null,
    owned: meta.owned,
    indexed: meta.indexed,
    secure: meta.secure,
    shared: meta.shared,
    linkScope: meta.linkScope ?? null,
    linkUrl: meta.linkUrl ?? null,
    createdAt: meta.createdAt.getTime(),
    updatedAt: meta.updatedAt.getTime(),
  });
}

export function fromMetaRow(row: MetaEntity): Meta {
  const meta: Meta = {
    entryId: row.entryId,
    src: row.src,
    key: row.key,
    // Read from its text when something asks for it (the member keeps its place among the others).
    value: undefined,
    ref: row.ref ?? undefined,
    ownerId: row.ownerId ?? undefined,
    owned: Boolean(row.owned),
    indexed: Boolean(row.indexed),
    secure: Boolean(row.secure),
    shared: Boolean(row.shared),
    linkScope: row.linkScope ?? undefined,
    linkUrl: row.linkUrl ?? undefined,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
  if (row.value) setStoredJson(meta, 'value', row.value);
  return meta;
}
