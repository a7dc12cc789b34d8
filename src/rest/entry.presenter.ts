import type { Static } from '@sinclair/typebox';
import type { Attachment, Entry, Meta } from '../domain/entries/model/entry';
import { metaId } from '../domain/entries/model/entry';
import { entrySummaryJson, fileSummaryJson, present } from '../domain/entries/model/entry-summary';
import { versionJson } from './entry-history.presenter';
import type { EntryPage } from '../domain/entries/entries.service';
import type { FileUrl } from '../http/file-urls';
import { JsonList, RawJson, shownMember, withRawMember } from '../http/json-slices';
import type { AttachmentSchema, EntryPageSchema, EntrySchema, EntrySummarySchema, FileVersionSchema, MetaSchema } from './api-schemas';

/**
 * A member of an answer that may be written as the stored JSON text of its value (RawJson, put in place as it is):
 * typed as the schema's type of that member, so a presenter that drifts from its schema fails to compile.
 */
export type StoredJsonText<T> = T | RawJson<T>;

/**
 * `value`, refused by the compiler when it has a member `Shape` does not name: what a spread object literal escapes
 * (TypeScript checks excess members only where they are written), so a member renamed in a spread summary fails too.
 */
export const within =
  <Shape>() =>
  <T extends Partial<Shape>>(value: T & Record<Exclude<keyof T, keyof Shape>, never>): T =>
    value;

/** A file as an entry's `attachments` list it: AttachmentSchema, its `meta` possibly its stored text. */
export type AttachmentJson = Omit<Static<typeof AttachmentSchema>, 'meta'> & {
  meta?: StoredJsonText<Static<typeof AttachmentSchema>['meta']>;
};

/** A meta row: MetaSchema, its `value` possibly its stored text. */
export type MetaJson = Omit<Static<typeof MetaSchema>, 'value'> & { value?: StoredJsonText<Static<typeof MetaSchema>['value']> };

/**
 * An entry as its answers write it: EntrySummarySchema (EntrySchema with `data`), its `data` possibly the stored
 * envelope's text, its files and meta rows lists made as they are written (JsonList).
 */
export type EntryJson = Omit<Static<typeof EntrySummarySchema>, 'attachments' | 'meta'> & {
  data?: StoredJsonText<Static<typeof EntrySchema>['data']>;
  attachments: JsonList<Attachment, AttachmentJson>;
  meta: JsonList<Meta, MetaJson>;
};

/** A page of entries: EntryPageSchema, its entries as EntryJson. */
export type EntryPageJson = Omit<Static<typeof EntryPageSchema>, 'list'> & { list: EntryJson[] };

/**
 * A file as an entry's `attachments` list it, its `url` as the request shows it; `fileJson` adds its earlier
 * versions. A `meta` read from storage and not yet parsed is put in as its stored text.
 */
export const attachmentJson = (a: Attachment, fileUrl: FileUrl): AttachmentJson => {
  // The file with its `meta` as shown (its stored text while unparsed), read once for the summary and the typed member.
  const shown = withRawMember(a, 'meta') as Attachment & { meta?: AttachmentJson['meta'] };
  return present({
    ...within<AttachmentJson>()(fileSummaryJson(shown)),
    meta: shown.meta,
    entry_id: a.entryId,
    url: fileUrl(a),
  });
};

/** A file in the contract's SiloFile shape. */
export const fileJson = (a: Attachment, fileUrl: FileUrl) => ({
  ...attachmentJson(a, fileUrl),
  previous: (a.previous ?? []).map((v): Static<typeof FileVersionSchema> => ({
    id: v.id,
    created_at: v.createdAt.toISOString(),
    hash: v.hash,
    size: v.size,
  })),
});

/** A meta row's members, typed by MetaSchema (`value`: its stored text when not parsed, written in place as it is). */
const metaFields = (m: Meta): MetaJson => ({
  id: metaId(m),
  entry_id: m.entryId,
  src: m.src,
  key: m.key,
  value: shownMember(m, 'value'),
  ref: m.ref,
  owner_id: m.ownerId,
  owned: m.owned,
  indexed: m.indexed,
  secure: m.secure,
  shared: m.shared,
  link_scope: m.linkScope,
  link_url: m.linkUrl,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

/** A meta row in the contract's SiloMeta shape: its members, those absent dropped. */
export const metaJson = (m: Meta): MetaJson => present(metaFields(m));

/** An entry in the contract's JSON shape; `data` only where the route returns it. */
export function entryJson(entry: Entry, options: { withData: boolean; fileUrl: FileUrl }): EntryJson {
  // The stored envelope text is put in place as it is: a large document is neither parsed nor written again here.
  const data: EntryJson['data'] = options.withData
    ? (entry.data ?? (entry.dataJson === undefined ? undefined : new RawJson(entry.dataJson)))
    : undefined;
  // The summary has dropped its own absent members; the rest are added to it in place (a list writes many entries:
  // copying each summary into a new object made list page 1 13 % slower), each only when present.
  const json: EntryJson = Object.assign(within<EntryJson>()(entrySummaryJson(entry)), data === undefined ? {} : { data }, {
    attachments: new JsonList(entry.attachments, (a: Attachment) => attachmentJson(a, options.fileUrl)),
    meta: new JsonList(entry.meta, metaJson),
  });
  if (entry.versions !== undefined) json.versions = entry.versions.map(versionJson);
  if (entry.context !== undefined) json.context = entry.context;
  return json;
}

export function pageJson(page: EntryPage, fileUrl: FileUrl): EntryPageJson {
  return present({
    list: page.entries.map((e) => entryJson(e, { withData: false, fileUrl })),
    limit: page.limit,
    cursor: page.cursor,
    next_cursor: page.nextCursor,
    folder: page.folder,
    state: page.state,
    created_at: page.createdAt?.toISOString(),
  });
}
