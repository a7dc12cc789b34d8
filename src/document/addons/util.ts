import type { Fault, JsonObject } from '../types';

/** Plain helpers shared by the addons: reading fields, editing `ext` maps, reporting faults. */

export type CodeMap = Record<string, string>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(node: JsonObject | undefined, field: string): string {
  const value = node?.[field];
  return typeof value === 'string' ? value : '';
}

export function obj(node: JsonObject | undefined, field: string): JsonObject | undefined {
  const value = node?.[field];
  return isObject(value) ? value : undefined;
}

export function objects(node: JsonObject | undefined, field: string): JsonObject[] {
  const value = node?.[field];
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** True when a field holds something other than null, '', an empty list or an empty object. */
export function present(node: JsonObject | undefined, field: string): boolean {
  const value = node?.[field];
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/* ---------- extension maps ---------- */

/** The `ext` map of a node, or an empty map. Never mutate the result directly. */
export function extOf(node: JsonObject | undefined, field = 'ext'): CodeMap {
  const value = node?.[field];
  if (!isObject(value)) return {};
  const out: CodeMap = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}

export function getExt(node: JsonObject | undefined, key: string, field = 'ext'): string {
  return extOf(node, field)[key] ?? '';
}

export function hasExt(node: JsonObject | undefined, key: string, field = 'ext'): boolean {
  return getExt(node, key, field) !== '';
}

/** Writes a map back in key order; an empty map removes the field, as GOBL omits empty extensions. */
export function writeExt(node: JsonObject, map: CodeMap, field = 'ext'): void {
  const keys = Object.keys(map).filter((k) => map[k] !== '').sort();
  if (keys.length === 0) {
    delete node[field];
    return;
  }
  const sorted: JsonObject = {};
  for (const k of keys) sorted[k] = map[k];
  node[field] = sorted;
}

export function setExt(node: JsonObject, key: string, code: string, field = 'ext'): void {
  const map = extOf(node, field);
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
  if (!(key in extOf(node, field))) return;
  setExt(node, key, '', field);
}

export function mergeExt(node: JsonObject, values: CodeMap, field = 'ext'): void {
  const map = { ...extOf(node, field), ...values };
  writeExt(node, map, field);
}

/* ---------- documents ---------- */

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

export function tags(doc: JsonObject | undefined): string[] {
  const value = doc?.$tags;
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

export function hasTag(doc: JsonObject | undefined, tag: string): boolean {
  return tags(doc).includes(tag);
}

export function invoiceType(doc: JsonObject | undefined): string {
  return str(doc, 'type') || 'standard';
}

/** Looks a `+`-composed key up in a map, dropping the last part until something matches. */
export function lookupKey(map: CodeMap, key: string): string {
  let k = key;
  for (;;) {
    if (k in map) return map[k];
    if (k === '') return '';
    const parts = k.split('+');
    parts.pop();
    k = parts.join('+');
  }
}

/** True when the `+`-separated key contains `part` as one of its components. */
export function keyHas(key: string, part: string): boolean {
  return key.split('+').includes(part);
}

/** Current members of the European Union, by ISO code, plus Greece's tax code EL. */
const EU_MEMBERS = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'EL', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

export function inEU(country: string): boolean {
  return EU_MEMBERS.has(country);
}

/* ---------- faults ---------- */

export function fault(code: string, message: string, path: string): Fault {
  return { code, message, paths: [path] };
}

/** Builds faults for one addon: `f('04', ...)` gives `GOBL-ES-VERIFACTU-BILL-INVOICE-04`. */
export function faultMaker(prefix: string) {
  return (code: string, message: string, path: string): Fault => fault(`${prefix}-${code}`, message, path);
}
