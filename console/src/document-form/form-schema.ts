import { PART_FIELDS } from './document-kinds';

type Schema = Record<string, unknown>;

/** Keeps of an object schema only `fields`, in that order (those it has). */
function keep(schema: Schema, fields: readonly string[]): Schema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const kept = Object.fromEntries(fields.filter((name) => name in properties).map((name) => [name, properties[name]]));
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => name in kept);
  return { ...schema, properties: kept, required: required.length > 0 ? required : undefined };
}

/**
 * The service's schema of a document type as the form shows it: the root with `rootFields` only, each part with
 * the fields PART_FIELDS lists for it, and `$schema` kept (it names the type) but not shown.
 */
export function formSchemaOf(schema: Schema, rootFields: readonly string[]): Schema {
  const definitions = Object.fromEntries(
    Object.entries((schema.definitions ?? {}) as Record<string, Schema>).map(([name, part]) => [
      name,
      PART_FIELDS[name] ? keep(part, PART_FIELDS[name]) : part,
    ]),
  );
  const root = keep(schema, ['$schema', ...rootFields]);
  return { ...root, definitions };
}

/** What the form library needs beside the schema: `$schema` hidden, no submit button of its own (the page has its own). */
export const FORM_UI = {
  $schema: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
} as const;
