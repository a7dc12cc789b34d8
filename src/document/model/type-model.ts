import { GOBL_TYPES, type ObjectKind } from './gobl-types';
import type { ObjectDescription } from './type-description';

/** The one field a document has beyond its type's own: the schema URL GOBL writes first at its root. */
export const SCHEMA_FIELD = '$schema';

/** One field of an object kind, its type resolved once. */
export interface FieldModel {
  name: string;
  /** The type as described: `tax/set`, `[org/identity]`, `cal/date`, `string`... */
  type: string;
  /** Holds a list, directly (`[T]`) or through a named list type (`tax/set`). */
  list: boolean;
  /** What the field (or each of its list's values) holds: an object kind, a named scalar type such as `cal/date`, a primitive, a map. */
  item: string;
  /** Set when `item` is an object kind the engine walks into. */
  kind?: ObjectKind;
  /** A map from keys to values (`ext`, `meta`). */
  map: boolean;
}

/** An object kind's fields, read from the description once. */
export interface KindModel {
  kind: ObjectKind;
  /** Field names in GOBL's order. */
  order: readonly string[];
  /** Each field's place in `order`. */
  position: ReadonlyMap<string, number>;
  known: ReadonlySet<string>;
  fields: readonly FieldModel[];
  /** The fields holding objects of a known kind, in order. */
  children: readonly FieldModel[];
  /** The fields holding codes (`cbc/code`, one or a list), which GOBL cleans wherever they stand. */
  codes: readonly FieldModel[];
  required: readonly string[];
  calculated: readonly string[];
}

/** Object types modules add beside GOBL's own (the complements an addon module defines): see registerObjectKinds. */
const ADDED = new Map<string, ObjectDescription>();

function describedObject(name: string): ObjectDescription | undefined {
  const d = GOBL_TYPES[name];
  return typeof d === 'object' ? d : ADDED.get(name);
}

/** Resolves a type expression through lists and named list types down to what each value is. */
export function resolve(name: string, type: string): FieldModel {
  let list = false;
  let t = type;
  for (let depth = 0; ; depth++) {
    if (depth > 8) throw new Error(`type of ${name} does not resolve: ${type}`);
    if (t.startsWith('[')) {
      if (list) throw new Error(`${name}: lists of lists are not described`);
      list = true;
      t = t.slice(1, -1);
      continue;
    }
    const named = GOBL_TYPES[t];
    if (typeof named === 'string' && named.startsWith('[')) {
      t = named;
      continue;
    }
    const map = t.startsWith('{') || (typeof named === 'string' && named.startsWith('{'));
    const kind = describedObject(t) ? (t as ObjectKind) : undefined;
    return { name, type, list, item: t, kind, map };
  }
}

function build(kind: ObjectKind, d: ObjectDescription): KindModel {
  const order = Object.keys(d.fields);
  const fields = order.map((f) => resolve(f, d.fields[f]));
  return {
    kind,
    order,
    position: new Map(order.map((f, i) => [f, i])),
    known: new Set(order),
    fields,
    children: fields.filter((f) => f.kind !== undefined),
    codes: fields.filter((f) => f.item === 'cbc/code'),
    required: d.required ?? [],
    calculated: d.calculated ?? [],
  };
}

const MODELS = new Map<string, KindModel>();
for (const [name, d] of Object.entries(GOBL_TYPES)) {
  if (typeof d === 'object') MODELS.set(name, build(name as ObjectKind, d));
}

/**
 * Adds object types a module defines (as GOBL's schema registry takes the types of modules linked with it), described
 * as GOBL's own are; their fields may name GOBL's types and each other. Everything that reads a kind's shape (the
 * reading of keys, decoding checks, normalization, validation walks) then reads these too. Names must be new.
 */
export function registerObjectKinds(described: Readonly<Record<string, ObjectDescription>>): void {
  for (const [name, d] of Object.entries(described)) {
    if (GOBL_TYPES[name] !== undefined || ADDED.has(name)) throw new Error(`object kind already described: ${name}`);
    ADDED.set(name, d);
  }
  for (const [name, d] of Object.entries(described)) MODELS.set(name, build(name as ObjectKind, d));
}

/** The model of an object kind, or undefined for a name that is not one. */
export function modelOf(kind: string): KindModel | undefined {
  return MODELS.get(kind);
}

export function isObjectKind(name: string): name is ObjectKind {
  return MODELS.has(name);
}

/** Names of the fields that hold maps wherever they appear (`ext`, `meta`): GOBL leaves them out when empty. */
export const MAP_FIELDS: ReadonlySet<string> = new Set(
  [...MODELS.values()].flatMap((m) => m.fields.filter((f) => f.map && !f.list).map((f) => f.name)),
);
