import type { Static } from '@sinclair/typebox';
import type { Attachment, Entry, Meta } from '../domain/entries/model/entry';
import { metaId } from '../domain/entries/model/entry';
import { entrySummaryJson, fileSummaryJson, present } from '../domain/entries/model/entry-summary';
import { versionJson } from './entry-history.presenter';
import type { EntryPage } from '../domain/entries/entries.service';
import type { FileUrl } from '../http/file-urls';
import { JsonList, RawJson, shownMember, withRawMember } from '../http/json-slices';
import type { FileVersionSchema, MetaSchema } from './api-schemas';

/**
 * A file as an entry's `attachments` list it, its `url` as the request shows it; `fileJson` adds its earlier
 * versions. A `meta` read from storage and not yet parsed is put in as its stored text.
 */
export const attachmentJson = (a: Attachment, fileUrl: FileUrl) =>
  present({ ...fileSummaryJson(withRawMember(a, 'meta')), entry_id: a.entryId, url: fileUrl(a) });

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
const metaFields = (m: Meta): Omit<Static<typeof MetaSchema>, 'value'> & { value: ReturnType<typeof shownMember> } => ({
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
export const metaJson = (m: Meta) => present(metaFields(m));

/** An entry in the contract's JSON shape; `data` only where the route returns it. */
export function entryJson(entry: Entry, options: { withData: boolean; fileUrl: FileUrl }): Record<string, unknown> {
  // The summary has dropped its own absent members; the rest are added after it, each only when present.
  const json = entrySummaryJson(entry);
  // The stored envelope text is put in place as it is: a large document is neither parsed nor written again here.
  const data = options.withData ? (entry.data ?? (entry.dataJson === undefined ? undefined : new RawJson(entry.dataJson))) : undefined;
  if (data !== undefined) json.data = data;
  json.attachments = new JsonList(entry.attachments, (a: Attachment) => attachmentJson(a, options.fileUrl));
  json.meta = new JsonList(entry.meta, metaJson);
  if (entry.versions !== undefined) json.versions = entry.versions.map(versionJson);
  if (entry.context !== undefined) json.context = entry.context;
  return json;
}

export function pageJson(page: EntryPage, fileUrl: FileUrl): Record<string, unknown> {
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
