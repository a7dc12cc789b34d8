import type { JsonObject } from '../base/types';

/** The document's `$tags`, as strings. */
export function tags(doc: JsonObject | undefined): string[] {
  const value = doc?.$tags;
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

export function hasTag(doc: JsonObject | undefined, tag: string): boolean {
  return tags(doc).includes(tag);
}
