import { modelOf } from '../model/type-model';
import { SCHEMA_BASE } from './schemas';
import type { Json, JsonObject } from './types';

/**
 * Complements: the objects a bill or a status line carries in `complements`, each naming its own type by
 * `$schema` (GOBL's `schema.Object`). As in GOBL, a complement whose `$schema` is a type the registry knows is
 * read as that type (keys folded, values checked, unknown fields dropped), calculated where its document
 * calculates its complements (a UUID when the type has one and it is empty, then the type's own calculation),
 * and validated inside its document, with the document's regime and addons. One whose `$schema` names no known
 * type passes through as it was given; one without `$schema` cannot be written back (GOBL's error `marshal`).
 *
 * The types known are GOBL's own (`https://gobl.org/draft-0/<kind>` for the kinds its schema registry holds),
 * and those modules register here, as the mx-cfdi addon module does with its CFDI complements.
 */

/** The field type that holds a schema-typed object (a complement, or an envelope's document). */
export const SCHEMA_OBJECT = 'schema/object';

/** A type a module adds: its schema URL, the object kind describing it (model/type-model), its calculation. */
export interface ComplementType {
  schema: string;
  kind: string;
  /** GOBL's Calculate of the type: the calculated object (it may be `node`, changed in place). */
  calculate?: (node: JsonObject) => JsonObject;
}

/**
 * Kinds of the type model that GOBL's schema registry does not hold (GOBL describes them inside another type's
 * schema only), so a `$schema` naming one is unknown to it; and the envelope, which the engine does not nest.
 */
const NOT_REGISTERED: ReadonlySet<string> = new Set([
  'bill/line-charge',
  'bill/line-discount',
  'bill/payment-line',
  'bill/sub-line',
  'bill/tracking',
  'pay/due-date',
  'tax/category-total',
  'tax/combo',
  'tax/rate-total',
  'tax/rate-total-surcharge',
  'envelope',
]);

const registered = new Map<string, ComplementType>();

export function registerComplementType(type: ComplementType): void {
  if (!modelOf(type.kind)) throw new Error(`complement type ${type.schema}: kind ${type.kind} is not described`);
  registered.set(type.schema, type);
}

/** The type a module registered for this schema URL. */
export function registeredComplementType(schema: Json | undefined): ComplementType | undefined {
  return typeof schema === 'string' ? registered.get(schema) : undefined;
}

/** The object kind a complement with this `$schema` is read as, or undefined when it passes through untouched. */
export function complementKindOf(schema: Json | undefined): string | undefined {
  if (typeof schema !== 'string') return undefined;
  const type = registered.get(schema);
  if (type) return type.kind;
  if (!schema.startsWith(SCHEMA_BASE)) return undefined;
  const kind = schema.slice(SCHEMA_BASE.length);
  return !NOT_REGISTERED.has(kind) && modelOf(kind) ? kind : undefined;
}

/**
 * Kinds GOBL gives a UUID of their own when they are calculated as a complement with none: those with a `uuid`
 * field (GOBL's `uuid.Identify`), but for the envelope header, whose UUID is a plain field.
 */
export function hasOwnUuid(kind: string): boolean {
  return kind !== 'head/header' && modelOf(kind)?.known.has('uuid') === true;
}
