import { SCHEMA_OBJECT, complementKindOf } from './complements';
import { isObject } from './json';
import { SCHEMA_FIELD, type KindModel, modelOf } from '../model/type-model';
import type { Json, JsonObject } from './types';

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
  // One pass over the node's own keys puts each value in its field's slot: cheaper than asking the node
  // for every field its kind has, most of which it lacks.
  const slots: (Json | undefined)[] = new Array(model.order.length);
  let rest: string[] | undefined;
  for (const k of Object.keys(node)) {
    const value = node[k];
    const at = value === undefined ? undefined : model.position.get(k);
    if (at !== undefined) slots[at] = value;
    else if (k !== SCHEMA_FIELD || value === undefined) (rest ??= []).push(k);
  }
  const out: JsonObject = {};
  if (node[SCHEMA_FIELD] !== undefined) out[SCHEMA_FIELD] = node[SCHEMA_FIELD];
  for (let i = 0; i < slots.length; i++) {
    const value = slots[i];
    if (value === undefined) continue;
    const childKind = model.fields[i].kind;
    if (childKind === undefined)
      out[model.order[i]] = Array.isArray(value) && model.fields[i].item === SCHEMA_OBJECT ? value.map(orderComplement) : value;
    else if (Array.isArray(value)) out[model.order[i]] = value.map((v) => (isObject(v) ? orderFields(v, childKind) : v));
    else out[model.order[i]] = isObject(value) ? orderFields(value, childKind) : value;
  }
  // Anything the engine set that GOBL's type lacks stays, after GOBL's fields.
  if (rest) for (const k of rest) out[k] = node[k];
  return out;
}

/** A complement of a type the engine knows in its type's order; any other as it was given. */
function orderComplement(value: Json): Json {
  if (!isObject(value)) return value;
  const kind = complementKindOf(value[SCHEMA_FIELD]);
  return kind === undefined ? value : orderFields(value, kind);
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
