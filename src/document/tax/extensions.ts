import { isObject, obj } from '../rules/values';
import type { Json, JsonObject } from '../base/types';

/** Extension values by key, as documents carry them in `ext`. */
export type CodeMap = Record<string, string>;

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

/* Reading and editing one node's extension map. */

/** The `ext` map of a node, or an empty map. Never mutate the result directly. */
export function extMap(node: JsonObject | undefined, field = 'ext'): CodeMap {
  const value = node?.[field];
  if (!isObject(value)) return {};
  const out: CodeMap = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}

export function getExt(node: JsonObject | undefined, key: string, field = 'ext'): string {
  return extMap(node, field)[key] ?? '';
}

export function hasExt(node: JsonObject | undefined, key: string, field = 'ext'): boolean {
  return getExt(node, key, field) !== '';
}

/** Writes a map back in key order; an empty map removes the field, as GOBL omits empty extensions. */
export function writeExt(node: JsonObject, map: CodeMap, field = 'ext'): void {
  const keys = Object.keys(map)
    .filter((k) => map[k] !== '')
    .sort();
  if (keys.length === 0) {
    delete node[field];
    return;
  }
  const sorted: JsonObject = {};
  for (const k of keys) sorted[k] = map[k];
  node[field] = sorted;
}

export function setExt(node: JsonObject, key: string, code: string, field = 'ext'): void {
  const map = extMap(node, field);
  if (code === '') delete map[key];
  else map[key] = code;
  writeExt(node, map, field);
}

/** Sets `key` to `code` unless the current value is one of `keep`. */
export function setExtOneOf(node: JsonObject, key: string, code: string, keep: string[], field = 'ext'): void {
  const current = getExt(node, key, field);
  if (current !== '' && keep.includes(current)) return;
  setExt(node, key, code, field);
}

export function setExtIfEmpty(node: JsonObject, key: string, code: string, field = 'ext'): void {
  if (hasExt(node, key, field)) return;
  setExt(node, key, code, field);
}

export function deleteExt(node: JsonObject, key: string, field = 'ext'): void {
  if (!(key in extMap(node, field))) return;
  setExt(node, key, '', field);
}

export function mergeExt(node: JsonObject, values: CodeMap, field = 'ext'): void {
  const map = { ...extMap(node, field), ...values };
  writeExt(node, map, field);
}

/* The document's own tax extensions (`tax.ext`). */

/** The document's `tax` object, created when asked. */
export function docTax(doc: JsonObject, create: boolean): JsonObject | undefined {
  const tax = obj(doc, 'tax');
  if (tax || !create) return tax;
  const fresh: JsonObject = {};
  doc.tax = fresh;
  return fresh;
}

/** Merges values into the document's `tax.ext`, creating `tax` only when there is something to add. */
export function mergeDocTaxExt(doc: JsonObject, values: CodeMap): void {
  if (Object.keys(values).length === 0) return;
  mergeExt(docTax(doc, true) as JsonObject, values);
}

export function docTaxExt(doc: JsonObject | undefined, key: string): string {
  return getExt(obj(doc, 'tax'), key);
}

/** What a combo's key makes of one extension: `delete` it, or set `code` unless it holds one of `keep` already. */
export type ExtByKey = Record<string, 'delete' | { code: string; keep?: string[] }>;

/** Codes the extension `extKey` from the key, as `byKey` says; a key it does not name leaves the extension alone. */
export function setExtByKey(node: JsonObject, extKey: string, key: string, byKey: ExtByKey): void {
  if (!Object.hasOwn(byKey, key)) return;
  const coding = byKey[key];
  if (coding === 'delete') deleteExt(node, extKey);
  else setExtOneOf(node, extKey, coding.code, coding.keep ?? []);
}
