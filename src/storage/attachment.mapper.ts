import type { Attachment } from '../domain/entries/model/entry';
import { setStoredJson } from '../domain/shared/stored-json';
import { AttachmentEntity } from './entities/attachment.entity';

/** Earlier versions of a file as the `previous` column holds them: JSON, times in milliseconds. */
interface StoredVersion {
  id: string;
  created_at: number;
  hash: string;
  size: number;
}

/** A file as its entry_attachments row, and back. */
export function toAttachmentRow(workspaceId: string, file: Attachment): AttachmentEntity {
  return Object.assign(new AttachmentEntity(), {
    workspaceId,
    entryId: file.entryId,
    id: file.id,
    name: file.name,
    desc: file.desc ?? null,
    key: file.key ?? null,
    category: file.category ?? null,
    mime: file.mime,
    size: file.size,
    hash: file.hash,
    stored: file.stored,
    embeddable: file.embeddable ?? false,
    private: file.private ?? false,
    url: file.url ?? null,
    meta: file.meta ? JSON.stringify(file.meta) : null,
    previous: file.previous?.length
      ? JSON.stringify(
          file.previous.map((v): StoredVersion => ({ id: v.id, created_at: v.createdAt.getTime(), hash: v.hash, size: v.size })),
        )
      : null,
    contentId: file.contentId ?? null,
    createdAt: file.createdAt.getTime(),
  });
}

export function fromAttachmentRow(row: AttachmentEntity): Attachment {
  const previous = row.previous ? (JSON.parse(row.previous) as StoredVersion[]) : [];
  const attachment: Attachment = {
    id: row.id,
    entryId: row.entryId,
    name: row.name,
    desc: row.desc ?? undefined,
    key: row.key ?? undefined,
    category: row.category ?? undefined,
    mime: row.mime,
    size: row.size,
    hash: row.hash,
    stored: Boolean(row.stored),
    embeddable: Boolean(row.embeddable),
    private: Boolean(row.private),
    url: row.url ?? undefined,
    // Read from its text when something asks for it (the member keeps its place among the others).
    meta: undefined,
    contentId: row.contentId ?? undefined,
    previous: previous.map((v) => ({ id: v.id, createdAt: new Date(v.created_at), hash: v.hash, size: v.size })),
    createdAt: new Date(row.createdAt),
  };
  if (row.meta) setStoredJson(attachment, 'meta', row.meta);
  return attachment;
}
