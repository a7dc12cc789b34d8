import type { Json, JsonObject } from '../../../document';
import { isObject } from '../../../document/base/json';
import { patchError } from './json-patch';

/** Deepest nesting a merge patch may have; GOBL documents are far shallower. */
export const MAX_MERGE_PATCH_DEPTH = 64;

/**
 * Applies an RFC 7396 merge patch and returns the result; `target` is not modified. A member set to
 * null is removed, an object is merged member by member, anything else (arrays included) replaces
 * the target's value whole. A patch that is not an object replaces the whole target.
 */
export function applyMergePatch(target: Json, patch: Json): Json {
  return merge(target, patch, 0);
}

function merge(target: Json | undefined, patch: Json, depth: number): Json {
  if (!isObject(patch)) return structuredClone(patch);
  if (depth >= MAX_MERGE_PATCH_DEPTH) throw patchError(`a merge patch may nest at most ${MAX_MERGE_PATCH_DEPTH} objects deep`);
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[name];
    } else {
      // defineProperty: a member called "__proto__" stays a plain member.
      const merged = merge(Object.prototype.hasOwnProperty.call(result, name) ? result[name] : undefined, value, depth + 1);
      Object.defineProperty(result, name, { value: merged, enumerable: true, writable: true, configurable: true });
    }
  }
  return result;
}
