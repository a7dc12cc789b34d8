import {
  type DecodeProblem,
  type DecodeStep,
  type Refusal,
  canonicalUuid,
  decodePlanOf,
  firstUndecodable,
  isUuidField,
  problemAt,
  refuseValue,
} from './decode';
import { SCHEMA_OBJECT, complementKindOf } from '../base/complements';
import { dropUnknownFields } from '../base/fields';
import { isObject } from '../base/json';
import { type FieldModel, SCHEMA_FIELD, modelOf, resolve } from '../model/type-model';
import { decodeLegacy } from './normalize';
import type { Json, JsonObject } from '../base/types';

/**
 * How GOBL matches an object's keys to its fields. Go's JSON decoder takes a key that names a field exactly and,
 * failing that, one equal to a field's name under case folding. Keys are read in input order and each one decodes
 * into what the field already holds: a later key replaces a text or number, merges into an object, decodes a list
 * item by item into the earlier list's items (the list takes the later one's length), and adds to a map.
 * Extensions (`ext`) and embedded documents are read whole, so a later one replaces the earlier one.
 * Map keys are data, never folded.
 */

/** Former fields GOBL's types still read (and move elsewhere), with their types. */
const FORMER_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'bill/payment': { method: 'pay/instructions' },
  'bill/tax': { tags: '[cbc/key]' },
  'tax/combo': { tags: '[cbc/key]' },
  'pay/record': { desc: 'string' },
  'pay/online': { name: 'string', addr: 'string' },
  'pay/terms': { detail: 'string' },
};

/** The map GOBL reads with its own decoder, which replaces rather than adds to what an earlier key gave. */
const WHOLE_MAPS: ReadonlySet<string> = new Set(['tax/extensions']);

/** Kelvin sign and long s: the only characters outside ASCII whose case folding reaches an ASCII letter. */
const FOLDS_TO_ASCII: Readonly<Record<string, string>> = { '\u212a': 'K', '\u017f': 'S' };

/**
 * A key as Go's JSON decoder compares it with a field's name: ASCII letters upper-cased, the Kelvin sign read
 * as K and the long s as S. GOBL's field names are ASCII, so any other character (kept as it is) matches none.
 */
export function foldName(key: string): string {
  let out = '';
  for (const ch of key) out += FOLDS_TO_ASCII[ch] ?? (ch >= 'a' && ch <= 'z' ? ch.toUpperCase() : ch);
  return out;
}

interface KeyReader {
  fields: ReadonlyMap<string, FieldModel>;
  /** Folded name to field name; the first field in GOBL's order wins a tie, as in Go. */
  folded: ReadonlyMap<string, string>;
  former: readonly string[];
  /** What decoding checks, per field of the kind's own (former fields and a root's `$schema` aside). */
  decode: ReadonlyMap<string, DecodeStep>;
  /** The field holding complements, objects each of the type its `$schema` names (see complements.ts). */
  complements?: string;
}

const READERS = new Map<string, KeyReader | null>();

function readerOf(kind: string, root: boolean): KeyReader | undefined {
  const id = root ? `${kind}#root` : kind;
  let reader = READERS.get(id);
  if (reader === undefined) {
    reader = buildReader(kind, root) ?? null;
    READERS.set(id, reader);
  }
  return reader ?? undefined;
}

function buildReader(kind: string, root: boolean): KeyReader | undefined {
  const model = modelOf(kind);
  if (!model) return undefined;
  const fields = new Map<string, FieldModel>();
  for (const f of model.fields) fields.set(f.name, f);
  const former = FORMER_FIELDS[kind] ?? {};
  for (const [name, type] of Object.entries(former)) fields.set(name, resolve(name, type));
  if (root && !fields.has(SCHEMA_FIELD)) fields.set(SCHEMA_FIELD, resolve(SCHEMA_FIELD, 'string'));
  const folded = new Map<string, string>();
  for (const name of fields.keys()) {
    const f = foldName(name);
    if (!folded.has(f)) folded.set(f, name);
  }
  const complements = model.fields.find((f) => f.list && f.item === SCHEMA_OBJECT)?.name;
  return { fields, folded, former: Object.keys(former), decode: decodePlanOf(kind), complements };
}

/** The field a key fills in an object of this kind, or undefined when it fills none. */
export function fieldNameOf(kind: string, key: string, root = false): string | undefined {
  const reader = readerOf(kind, root);
  if (!reader) return undefined;
  return reader.fields.has(key) ? key : reader.folded.get(foldName(key));
}

/** What GOBL reads as the `$schema` of an object: the last key that folds to it (a null changes nothing). */
export function schemaOf(node: JsonObject): Json | undefined {
  let schema: Json | undefined;
  for (const k in node) {
    // Folding keeps a key's length: only keys of the length of `$schema` are folded.
    if ((k === SCHEMA_FIELD || (k.length === SCHEMA_FIELD.length && foldName(k) === '$SCHEMA')) && node[k] !== null) schema = node[k];
  }
  return schema;
}

/**
 * A copy of an object of this kind with its keys read as GOBL reads them, at every depth its type describes:
 * a key that names a field only under case folding is renamed to the field, and keys filling the same field
 * are combined in input order. Keys that fill no field are kept for the normalization to drop. `root` also
 * reads a document's `$schema`. The input is not modified.
 *
 * The same walk checks each value as GOBL's decoding does (decode.ts): `problem` is the first value it refuses,
 * as `firstUndecodable` would find it in the copy, under `path`; UUIDs that decode come out canonical. When keys
 * combined, a value was checked before a later key changed it, so the copy is checked again whole.
 */
export function readDocument(
  node: JsonObject,
  kind: string,
  root: boolean,
  path: string,
): { value: JsonObject; problem?: DecodeProblem; unwritable?: string } {
  const reading = new Reading(path);
  const reader = readerOf(kind, root);
  if (!reader) return { value: copyJson(node) as JsonObject };
  const value: JsonObject = {};
  readInto(value, node, reader, reading);
  const problem = reading.combined ? firstUndecodable(value, kind, path) : reading.problem;
  return { value, problem, unwritable: reading.unwritable };
}

/** What a reading carries down: where it is, and what decoding refused on the way. */
class Reading {
  /** The first refusal, in the order firstUndecodable finds them (depth first, in key order). */
  problem?: DecodeProblem;
  /** Set when a key combined into a field already read. */
  combined = false;
  /** The path of the first complement without a `$schema`, which GOBL reads but cannot write back. */
  unwritable?: string;
  /** Field names and list indexes from the root down to the object being read; a path is built only for a refusal. */
  private readonly steps: (string | number)[] = [];

  /** `checking` is false inside values decoding does not check (former fields): only their names are read. */
  constructor(
    private readonly root: string,
    private readonly checking = true,
  ) {}

  enter(name: string, index: number | undefined): void {
    this.steps.push(name);
    if (index !== undefined) this.steps.push(index);
  }

  leave(index: number | undefined): void {
    this.steps.length -= index === undefined ? 1 : 2;
  }

  refuse(refusal: Refusal, name: string, index: number | undefined): void {
    if (this.problem || !this.checking) return;
    this.problem = problemAt(this.pathOf(name, index), refusal);
  }

  cannotWrite(name: string, index: number): void {
    if (this.unwritable === undefined && this.checking) this.unwritable = this.pathOf(name, index);
  }

  private pathOf(name: string, index: number | undefined): string {
    let path = this.root;
    for (const step of this.steps) path += typeof step === 'number' ? `[${step}]` : `.${step}`;
    return path + (index === undefined ? `.${name}` : `.${name}[${index}]`);
  }
}

function readObject(node: JsonObject, kind: string, r: Reading): JsonObject {
  const reader = readerOf(kind, false);
  if (!reader) return copyJson(node) as JsonObject;
  const out: JsonObject = {};
  readInto(out, node, reader, r);
  return out;
}

function readInto(out: JsonObject, node: JsonObject, reader: KeyReader, r: Reading): void {
  for (const key in node) {
    const value = node[key];
    const name = reader.fields.has(key) ? key : reader.folded.get(foldName(key));
    if (name === undefined) {
      out[key] = copyJson(value);
      continue;
    }
    const field = reader.fields.get(name) as FieldModel;
    const held = out[name];
    if (held === undefined) {
      out[name] = name === reader.complements ? readComplements(value, name, r) : readField(value, field, reader.decode.get(name), r);
    } else {
      r.combined = true;
      out[name] = combine(held, value, field, true, r);
    }
  }
}

/** A field's own value, checked by `step` (a field decoding does not check has none). */
function readField(value: Json, field: FieldModel, step: DecodeStep | undefined, r: Reading): Json {
  if (!field.list) {
    const out = readItem(value, field, step, r, undefined);
    return step && isUuidField(step, out) && !refuseValue(out, step) ? canonicalUuid(out) : out;
  }
  if (Array.isArray(value)) return value.map((v, i) => readItem(v, field, step, r, i));
  if (step && value !== null) r.refuse({ value, want: 'array' }, field.name, undefined);
  return copyJson(value);
}

/** The field's value, or one item (`index`) of its list. */
function readItem(value: Json, field: FieldModel, step: DecodeStep | undefined, r: Reading, index: number | undefined): Json {
  if (field.kind !== undefined && isObject(value)) {
    if (!step) return readObject(value, field.kind, new Reading('', false));
    r.enter(field.name, index);
    const out = readObject(value, field.kind, r);
    r.leave(index);
    return out;
  }
  const refusal = step && refuseValue(value, step);
  if (refusal) r.refuse(refusal, field.name, index);
  return copyJson(value);
}

/**
 * A list of complements, each read as the type its `$schema` names, as GOBL decodes a `schema.Object`: a value
 * that is not an object, or whose `$schema` is not a string, does not decode; one whose `$schema` names no type
 * the registry knows is kept as it was given; one without `$schema` is kept, and noted (it cannot be written).
 * A typed one is read at its path like any object, and its unknown fields dropped at once, as decoding drops
 * them: normalization never walks into a complement (only its own calculation normalizes it).
 */
function readComplements(value: Json, name: string, r: Reading): Json {
  if (!Array.isArray(value)) {
    if (value !== null) r.refuse({ value, want: 'array' }, name, undefined);
    return copyJson(value);
  }
  return value.map((v, i) => readComplement(v, name, i, r));
}

function readComplement(value: Json, name: string, index: number, r: Reading): Json {
  if (value === null) return null;
  if (!isObject(value)) {
    r.refuse({ value, want: 'schema.document' }, name, index);
    return copyJson(value);
  }
  const schema = schemaOf(value);
  if (schema !== undefined && typeof schema !== 'string') {
    r.enter(name, index);
    r.refuse({ value: schema, want: 'schema.ID' }, SCHEMA_FIELD, undefined);
    r.leave(index);
    return copyJson(value);
  }
  if (schema === undefined || schema === '') {
    r.cannotWrite(name, index);
    return copyJson(value);
  }
  const kind = complementKindOf(schema);
  const reader = kind === undefined ? undefined : readerOf(kind, true);
  if (!reader) return copyJson(value);
  const out: JsonObject = {};
  r.enter(name, index);
  readInto(out, value, reader, r);
  r.leave(index);
  settle(out, kind as string, true);
  return out;
}

/** What decoding does beyond reading keys: former fields moved where they belong, unknown fields dropped, at every depth. */
function settle(node: JsonObject, kind: string, root: boolean): void {
  const model = modelOf(kind);
  if (!model) return;
  decodeLegacy(node, kind as Parameters<typeof decodeLegacy>[1]);
  dropUnknownFields(node, model, root);
  for (const c of model.children) {
    const value = node[c.name];
    if (Array.isArray(value)) for (const v of value) if (isObject(v)) settle(v, c.kind as string, false);
    if (isObject(value)) settle(value, c.kind as string, false);
  }
}

/** `whole` is the field's own value; otherwise one item of its list. Unchecked: see readDocument. */
function readValue(value: Json, field: FieldModel, whole: boolean, r: Reading): Json {
  if (whole && field.list) return Array.isArray(value) ? value.map((v) => readValue(v, field, false, r)) : copyJson(value);
  if (field.kind !== undefined && isObject(value)) return readObject(value, field.kind, r);
  return copyJson(value);
}

/** What a field holds after a later key gives it `next`, as Go decodes into the value it already has. */
function combine(held: Json, next: Json, field: FieldModel, whole: boolean, r: Reading): Json {
  if (next === null) return keepsOnNull(held, field) ? held : null;
  if (whole && field.list) {
    if (!Array.isArray(held) || !Array.isArray(next)) return readValue(next, field, true, r);
    return next.map((v, i) => (i < held.length ? combine(held[i], v, field, false, r) : readValue(v, field, false, r)));
  }
  if (isObject(held) && isObject(next)) {
    if (field.kind !== undefined) {
      mergeObject(held, next, field.kind, r);
      return held;
    }
    if (field.map && !WHOLE_MAPS.has(field.item)) {
      for (const k in next) held[k] = copyJson(next[k]);
      return held;
    }
  }
  return readValue(next, field, false, r);
}

/**
 * A null clears what Go holds by pointer (objects, lists, maps, and GOBL's optional dates and percentages) and
 * leaves a text or an amount as it was.
 */
function keepsOnNull(held: Json, field: FieldModel): boolean {
  if (held === null || typeof held === 'object') return false;
  return !(field.item.startsWith('cal/') || field.item === 'num/percentage');
}

function mergeObject(held: JsonObject, next: JsonObject, kind: string, r: Reading): void {
  const reader = readerOf(kind, false);
  if (!reader) return;
  // Former fields are read afresh for each object GOBL decodes: what the earlier one gave is applied first.
  if (reader.former.some((f) => held[f] !== undefined)) {
    decodeLegacy(held, kind as Parameters<typeof decodeLegacy>[1]);
    for (const f of reader.former) delete held[f];
  }
  readInto(held, next, reader, r);
}

function copyJson(value: Json): Json {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: JsonObject = {};
  for (const k in value) out[k] = copyJson(value[k]);
  return out;
}
