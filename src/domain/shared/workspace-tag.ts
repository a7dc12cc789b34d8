import { createHash } from 'node:crypto';

/** Tags already made: every page of a list or of the event feed makes one or two. Kept up to a bound. */
const tags = new Map<string, string>();
const TAGS_KEPT = 10_000;

/**
 * Which workspace made a cursor, as a short hash rather than its name: a cursor carries it, and one given back
 * by another workspace is told apart (entry-cursor.ts, events.service.ts).
 */
export function workspaceTag(workspaceId: string): string {
  let tag = tags.get(workspaceId);
  if (tag === undefined) {
    if (tags.size >= TAGS_KEPT) tags.clear();
    tag = createHash('sha256').update(workspaceId).digest('base64url').slice(0, 12);
    tags.set(workspaceId, tag);
  }
  return tag;
}
