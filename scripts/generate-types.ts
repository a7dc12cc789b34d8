/**
 * Dev-time generator: reads GOBL's JSON Schemas (draft 2020-12, one file per type with `$defs` and `$ref`s
 * across files) and writes the engine's one description of GOBL's types, as data, to
 * src/document/model/gobl-types.data.json (typed by gobl-types.ts):
 * for every type reachable from the documents the engine accepts (and from the envelope), its fields in
 * GOBL's order, each field's type, and which fields are required or calculated. Titles, descriptions and
 * value lists are left out; only the structure is kept.
 *
 * Run: node --require ./scripts/register-ts.js scripts/generate-types.ts [path-to-gobl-data-schemas]
 * (GOBL's data/schemas from GOBL_EXAMPLES, test/fixtures/gobl or ../shared/gobl when none is given).
 * The product never runs this; it reads nothing at run time. test/document/model/gobl-types.test.ts regenerates
 * the file in memory and fails when the committed one differs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DOCUMENT_SCHEMAS, ENVELOPE_SCHEMA, SCHEMA_BASE } from '../src/document/base/schemas';
import { findGoblDir } from './gobl-fixtures';

export const TYPES_FILE = path.resolve(__dirname, '../src/document/model/gobl-types.data.json');

type Schema = Record<string, any>;

/** One type as the generated file writes it: a type expression, or an object type's fields. */
export type Described = string | { fields: Record<string, string>; required?: string[]; calculated?: string[] };

/** Keywords that only say which values are allowed, or describe them: they never change a type's structure. */
const VALUE_KEYWORDS = new Set([
  'title',
  'description',
  'examples',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'enum',
  'const',
  'contentEncoding',
  'calculated',
  'recommended',
  'default',
  '$comment',
]);

interface SchemaFile {
  id: string;
  root?: string;
  defs: Record<string, Schema>;
}

/** Reads every schema file under `dir`, keyed by its `$id`. */
function readSchemas(dir: string): Map<string, SchemaFile> {
  const files = new Map<string, SchemaFile>();
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        const s = JSON.parse(fs.readFileSync(full, 'utf8')) as Schema;
        if (typeof s.$id !== 'string') throw new Error(`${full}: no $id`);
        const root = typeof s.$ref === 'string' ? s.$ref.replace(/^#\/\$defs\//, '') : undefined;
        files.set(s.$id, { id: s.$id, root, defs: s.$defs ?? {} });
      }
    }
  };
  walk(dir);
  return files;
}

/** `bill.LineDiscount` → `line-discount`; `l10n.ISOCountryCode` → `iso-country-code`. */
function kebab(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

class Resolver {
  /** Type name of each definition, keyed `<file $id>#<def name>`. */
  private names = new Map<string, string>();
  private defs = new Map<string, Schema>();

  constructor(private files: Map<string, SchemaFile>) {
    const taken = new Map<string, string>();
    for (const file of files.values()) {
      const folder = file.id.slice(SCHEMA_BASE.length).split('/').slice(0, -1).join('/');
      for (const [defName, def] of Object.entries(file.defs)) {
        // A file's own type is named by its $id (`bill/invoice`); the others by their definition's name,
        // in the same folder (`bill.LineDiscount` in bill/line → `bill/line-discount`).
        const name =
          defName === file.root
            ? file.id.slice(SCHEMA_BASE.length)
            : `${folder ? `${folder}/` : ''}${kebab(defName.split('.').pop() ?? defName)}`;
        const key = `${file.id}#${defName}`;
        if (taken.has(name)) throw new Error(`two definitions would be named ${name}: ${taken.get(name)} and ${key}`);
        taken.set(name, key);
        this.names.set(key, name);
        this.defs.set(key, def);
      }
    }
  }

  /** The key of the definition a `$ref` points to, from a file with id `from`. */
  private keyOf(ref: string, from: string): string {
    const [url, fragment] = ref.split('#');
    const fileId = url === '' ? from : url;
    const file = this.files.get(fileId);
    if (!file) throw new Error(`$ref to an unknown schema: ${ref} (from ${from})`);
    const def = fragment ? fragment.replace(/^\/\$defs\//, '') : file.root;
    if (!def || !file.defs[def]) throw new Error(`$ref to an unknown definition: ${ref} (from ${from})`);
    return `${fileId}#${def}`;
  }

  /** The type name and definition a `$ref` points to. */
  resolve(ref: string, from: string): { name: string; key: string; def: Schema; fileId: string } {
    const key = this.keyOf(ref, from);
    return { name: this.names.get(key) as string, key, def: this.defs.get(key) as Schema, fileId: key.split('#')[0] };
  }

  /** A file's own type. */
  rootOf(fileId: string): { name: string; key: string; def: Schema; fileId: string } {
    return this.resolve(fileId, fileId);
  }
}

/** True when a schema only restricts or describes values (a const, a pattern, a title...), nothing structural. */
function valuesOnly(s: Schema): boolean {
  return Object.entries(s).every(
    ([k, v]) => VALUE_KEYWORDS.has(k) || ((k === 'oneOf' || k === 'anyOf') && Array.isArray(v) && v.every(valuesOnly)),
  );
}

/** Checks that `oneOf`/`anyOf` branches next to a type only restrict its values. */
function checkValueBranches(branches: unknown, where: string): void {
  if (!Array.isArray(branches) || !branches.every(valuesOnly)) {
    throw new Error(`${where}: a oneOf/anyOf the generator does not understand`);
  }
}

/** Checks a definition-level `anyOf` of if/then branches that only restrict property values (as tax.Combo's). */
function checkConditionalBranches(branches: unknown, where: string): void {
  if (!Array.isArray(branches)) throw new Error(`${where}: anyOf is not a list`);
  for (const b of branches as Schema[]) {
    const ok =
      Object.keys(b).every((k) => k === 'if' || k === 'then') &&
      ['if', 'then'].every((part) => {
        const branch = b[part] as Schema | undefined;
        return (
          !!branch &&
          Object.keys(branch).every((k) => k === 'properties') &&
          Object.values(branch.properties as Record<string, Schema>).every(valuesOnly)
        );
      });
    if (!ok) throw new Error(`${where}: an anyOf branch the generator does not understand`);
  }
}

/**
 * Reads the schemas and describes every type reachable from the roots. Throws on any schema construct
 * it cannot describe exactly, so a new GOBL release cannot turn into a silently wrong description.
 */
export function describeTypes(schemaDir: string, roots: readonly string[]): Map<string, Described> {
  const files = readSchemas(schemaDir);
  const resolver = new Resolver(files);
  const out = new Map<string, Described>();
  const queue: { name: string; def: Schema; fileId: string }[] = [];
  const want = (t: { name: string; def: Schema; fileId: string }) => {
    if (out.has(t.name) || queue.some((q) => q.name === t.name)) return;
    queue.push(t);
  };

  /** A type expression: `string`, `integer`, `number`, `boolean`, `object` (any object), a type's name, `[T]`, `{T}`. */
  const expr = (s: Schema, fileId: string, where: string): string => {
    for (const k of Object.keys(s)) {
      if (!VALUE_KEYWORDS.has(k) && !['$ref', 'type', 'items', 'patternProperties', 'additionalProperties', 'oneOf', 'anyOf'].includes(k)) {
        throw new Error(`${where}: "${k}" is not understood by the generator`);
      }
    }
    if (s.oneOf !== undefined) checkValueBranches(s.oneOf, where);
    if (s.anyOf !== undefined) checkValueBranches(s.anyOf, where);
    if (typeof s.$ref === 'string') {
      if (s.type !== undefined || s.items !== undefined) throw new Error(`${where}: $ref next to type or items`);
      const target = resolver.resolve(s.$ref, fileId);
      want(target);
      return target.name;
    }
    if (s.oneOf !== undefined && s.type === undefined) throw new Error(`${where}: oneOf without a type`);
    if (s.anyOf !== undefined && s.type === undefined) throw new Error(`${where}: anyOf without a type`);
    switch (s.type) {
      case 'string':
      case 'integer':
      case 'number':
      case 'boolean':
        return s.type;
      case 'array':
        if (!s.items) throw new Error(`${where}: an array without items`);
        return `[${expr(s.items, fileId, `${where}[]`)}]`;
      case 'object': {
        const values = [
          ...Object.values((s.patternProperties ?? {}) as Record<string, Schema>),
          ...(s.additionalProperties && typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []),
        ].map((v) => expr(v, fileId, `${where}{}`));
        if (values.length === 0) return 'object';
        if (new Set(values).size > 1) throw new Error(`${where}: a map whose values have several types`);
        return `{${values[0]}}`;
      }
      default:
        throw new Error(`${where}: type ${JSON.stringify(s.type)} is not understood by the generator`);
    }
  };

  const describe = (name: string, def: Schema, fileId: string): Described => {
    if (def.properties === undefined) return expr(def, fileId, name);
    for (const k of Object.keys(def)) {
      if (!VALUE_KEYWORDS.has(k) && !['properties', 'required', 'type', 'anyOf'].includes(k)) {
        throw new Error(`${name}: "${k}" is not understood by the generator`);
      }
    }
    if (def.type !== 'object') throw new Error(`${name}: properties on a type that is not an object`);
    if (def.anyOf !== undefined) {
      checkConditionalBranches(def.anyOf, name);
      for (const b of def.anyOf as Schema[]) {
        for (const part of [b.if, b.then]) {
          for (const f of Object.keys(part.properties)) {
            if (!(f in def.properties)) throw new Error(`${name}: a condition on ${f}, a field it does not have`);
          }
        }
      }
    }
    const fields: Record<string, string> = {};
    const calculated: string[] = [];
    for (const [field, p] of Object.entries(def.properties as Record<string, Schema>)) {
      // Integer-like keys would not keep their place in a JavaScript object.
      if (/^\d+$/.test(field)) throw new Error(`${name}.${field}: a numeric field name`);
      fields[field] = expr(p, fileId, `${name}.${field}`);
      if (p.calculated === true) calculated.push(field);
    }
    const required = ((def.required ?? []) as string[]).filter((f) => f in fields);
    if (required.length !== (def.required ?? []).length) throw new Error(`${name}: a required field it does not have`);
    return {
      fields,
      ...(required.length > 0 ? { required } : {}),
      ...(calculated.length > 0 ? { calculated } : {}),
    };
  };

  for (const root of roots) {
    const fileId = `${SCHEMA_BASE}${root}`;
    if (!files.has(fileId)) throw new Error(`no schema for ${root}`);
    want(resolver.rootOf(fileId));
  }
  for (let t = queue.shift(); t; t = queue.shift()) out.set(t.name, describe(t.name, t.def, t.fileId));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The generated file's text: every type, by name, in name order (src/document/model/gobl-types.ts types it). */
export function typesFileText(schemaDir: string): string {
  const types = describeTypes(schemaDir, [...DOCUMENT_SCHEMAS, ENVELOPE_SCHEMA.slice(SCHEMA_BASE.length)]);
  return `${JSON.stringify(Object.fromEntries(types), null, 2)}\n`;
}

if (require.main === module) {
  const given = process.argv[2];
  const gobl = findGoblDir();
  const dir = given ?? (gobl ? path.join(gobl, 'data/schemas') : undefined);
  if (!dir || !fs.existsSync(dir)) {
    console.error('GOBL schemas not found: give the path of data/schemas, or run `npm run fixtures:gobl`.');
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
  fs.writeFileSync(TYPES_FILE, typesFileText(dir));
  console.log(`wrote ${path.relative(process.cwd(), TYPES_FILE)}`);
}
