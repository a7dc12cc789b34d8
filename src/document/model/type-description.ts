/**
 * How src/document/model/gobl-types.data.json describes one GOBL type (that file is generated from GOBL's JSON Schemas).
 *
 * A type is either a type expression or an object type. Type expressions: `string`, `integer`, `number`,
 * `boolean`, `object` (an object of any shape, such as a complement), the name of another type, `[T]` (a list
 * of T) and `{T}` (a map from keys to T, such as `ext` and `meta`).
 */
export type TypeDescription = string | ObjectDescription;

export interface ObjectDescription {
  /** Each field's type, in GOBL's order: the Go struct's order, which is the order of its JSON output. */
  fields: Readonly<Record<string, string>>;
  /** Fields GOBL's schema requires. */
  required?: readonly string[];
  /** Fields GOBL calculates (it may replace what was given). */
  calculated?: readonly string[];
}
