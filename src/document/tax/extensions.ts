import type { Json, JsonObject } from '../types';

/** Extensions as a plain map; empty values are dropped, as GOBL cleans them. */
export function extOf(json: Json | undefined): Record<string, string> | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const out: Record<string, string> = {};
  let any = false;
  for (const [k, v] of Object.entries(json)) {
    if (typeof v === 'string' && v !== '') {
      out[k] = v;
      any = true;
    }
  }
  return any ? out : undefined;
}

/** Removes empty values from an `ext` map in place, and the map itself when nothing is left. */
export function cleanExt(node: JsonObject, field = 'ext'): void {
  const ext = extOf(node[field]);
  if (ext) node[field] = ext;
  else delete node[field];
}

/** True when `ext` holds every key and value of `sub`. */
export function extContains(ext: Record<string, string> | undefined, sub: Record<string, string>): boolean {
  if (!ext) return false;
  for (const [k, v] of Object.entries(sub)) if (ext[k] !== v) return false;
  return true;
}

export function extEquals(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = a ? Object.keys(a) : [];
  const kb = b ? Object.keys(b) : [];
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (a![k] !== b?.[k]) return false;
  return true;
}
