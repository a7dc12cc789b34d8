import { isObject } from './json';
import { SCHEMA_FIELD, type KindModel, modelOf } from './model/type-model';
import type { JsonObject } from './types';

/**
 * Deletes the fields GOBL would not read for this kind: decoding JSON into its Go struct, GOBL silently drops
 * anything else (a misspelt key disappears from the output), at every depth. A document's root also keeps `$schema`.
 */
export function dropUnknownFields(node: JsonObject, model: KindModel, root = false): void {
  for (const k in node) {
    if (!model.known.has(k) && !(root && k === SCHEMA_FIELD)) delete node[k];
  }
}

/**
 * A copy of the document with each object's keys in GOBL's field order (its Go struct order), so the JSON reads
 * as GOBL writes it, `$schema` first at the root. Key order changes neither the digest (canonical JSON sorts keys)
 * nor equality. Builds new objects rather than deleting keys, which keeps V8's fast object shapes.
 */
export function orderFields(node: JsonObject, kind: string): JsonObject {
  const model = modelOf(kind);
  if (!model) return { ...node };
  const out: JsonObject = {};
  let copied = 0;
  if (node[SCHEMA_FIELD] !== undefined) {
    out[SCHEMA_FIELD] = node[SCHEMA_FIELD];
    copied++;
  }
  for (const k of model.order) {
    const value = node[k];
    if (value === undefined) continue;
    copied++;
    out[k] = value;
  }
  for (const c of model.children) {
    const value = out[c.name];
    const childKind = c.kind as string;
    if (Array.isArray(value)) out[c.name] = value.map((v) => (isObject(v) ? orderFields(v, childKind) : v));
    else if (isObject(value)) out[c.name] = orderFields(value, childKind);
  }
  // Anything the engine set that GOBL's type lacks stays, after GOBL's fields.
  if (copied < Object.keys(node).length) for (const k of Object.keys(node)) if (!(k in out)) out[k] = node[k];
  return out;
}

/** Drops unknown fields at every depth of an object that is not normalized otherwise (the envelope's header). */
export function dropUnknownFieldsDeep(node: JsonObject, kind: string): void {
  const model = modelOf(kind);
  if (!model) return;
  dropUnknownFields(node, model);
  for (const c of model.children) {
    const value = node[c.name];
    const childKind = c.kind as string;
    if (Array.isArray(value)) for (const v of value) if (isObject(v)) dropUnknownFieldsDeep(v, childKind);
    if (isObject(value)) dropUnknownFieldsDeep(value, childKind);
  }
}
