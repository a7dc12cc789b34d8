import type { Entry } from './entry';

/** Drops undefined members: events, like answers, omit absent fields rather than send null. */
export const present = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/**
 * The entry as a list shows it, in the contract's names, without `data` and the lists of its parts: what an
 * event tells of it, and what a REST answer adds its parts to.
 */
export function entrySummaryJson(entry: Entry): Record<string, unknown> {
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
