import type { Attachment, Entry } from './entry';

/**
 * Drops undefined members: events, like answers, omit absent fields rather than send null. Copied member by member
 * into a new object (no arrays of pairs: a list page makes a few of these per entry), in the same order.
 */
export function present<T extends object>(fields: T): T {
  const shown: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    const value = (fields as Record<string, unknown>)[key];
    if (value !== undefined) shown[key] = value;
  }
  return shown as T;
}

/**
 * The entry as a list shows it, in the contract's names, without `data` and the lists of its parts: what an
 * event tells of it, and what a REST answer adds its parts to.
 */
export function entrySummaryJson(entry: Entry) {
  return present({
    id: entry.id,
    key: entry.key,
    folder: entry.folder,
    doc_schema: entry.docSchema,
    env_schema: entry.envSchema,
    state: entry.state,
    draft: !entry.signed,
    signed: entry.signed,
    signature: entry.signature,
    invalid: entry.invalid,
    digest: { alg: entry.digest.alg, val: entry.digest.val },
    snippet: entry.snippet,
    tags: entry.tags,
    faults: entry.faults,
    created_at: entry.createdAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
    version: entry.version,
  });
}

/** A file's description in the contract's names, without its link (made for the request that shows it) and entry. */
export const fileSummaryJson = (file: Attachment) =>
  present({
    id: file.id,
    name: file.name,
    desc: file.desc,
    key: file.key,
    category: file.category,
    mime: file.mime,
    size: file.size,
    hash: file.hash,
    stored: file.stored,
    embeddable: file.embeddable || undefined,
    private: file.private || undefined,
    meta: file.meta,
    created_at: file.createdAt.toISOString(),
  });
