import { GOBL_TYPES } from './gobl-types';
import { SCHEMA_FIELD, isObjectKind, modelOf, resolve } from './type-model';

/** A JSON Schema (draft-07), as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** GOBL's scalar types as JSON Schema: the patterns are the engine's own reading of each (see num/, cal/, cbc/). */
const SCALARS: Readonly<Record<string, JsonSchema>> = {
  'cal/date': { type: 'string', format: 'date', description: 'A date: YYYY-MM-DD.' },
  'cal/date-time': { type: 'string', description: 'A date and time: YYYY-MM-DDTHH:MM:SS.' },
  'cal/time': { type: 'string', pattern: '^[0-9]{2}:[0-9]{2}(:[0-9]{2})?$', description: 'A time of day: HH:MM:SS.' },
  'cbc/code': { type: 'string', description: 'A code: letters, digits and separators.' },
  'cbc/key': {
    type: 'string',
    pattern: '^(?:[a-z]|[a-z0-9][a-z0-9-+]*[a-z0-9])$',
    description: 'A key: lower-case words joined by "-" (for example "standard").',
  },
  'cbc/uri': { type: 'string', format: 'uri' },
  'currency/code': { type: 'string', pattern: '^[A-Z]{3}$', description: 'An ISO 4217 currency code (EUR).' },
  'l10n/iso-country-code': { type: 'string', description: 'An ISO 3166 country code (ES).' },
  'l10n/tax-country-code': { type: 'string', pattern: '^[A-Z]{2}$', description: 'A tax country code (ES, DE, EL...).' },
  'tax/regime-code': { type: 'string', pattern: '^[A-Z]{2}$', description: 'The tax regime: a country code (ES, DE...).' },
  'num/amount': { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$', description: 'An amount, as text: "90.00".' },
  'num/percentage': { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?%$', description: 'A percentage, as text: "21%".' },
  'dsig/signature': { type: 'string' },
  'org/unit': { type: 'string', description: 'A unit: a UN/ECE code or a GOBL name (h, item, kg...).' },
};

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean']);

/** `issue_date` as "Issue date", `$regime` as "Regime": the label a form shows for a field. */
export const fieldTitle = (name: string): string => {
  const words = name.replace(/^\$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const definitionName = (kind: string) => kind.replace('/', '.');

/**
 * The JSON Schema of a GOBL object type, from the service's own description of GOBL's types: every object type it
 * reaches is a definition (`org.party`), referenced where used, so a type nested in itself (a line's sub-lines)
 * stays finite. Fields GOBL calculates are `readOnly` and not required, since the build route fills them in.
 * `schemaUrl` is what the root's `$schema` must hold (`https://gobl.org/draft-0/bill/invoice`). Undefined for a
 * name that is not an object type.
 */
export function jsonSchemaOf(kind: string, schemaUrl: string): JsonSchema | undefined {
  if (!isObjectKind(kind)) return undefined;
  const definitions: Record<string, JsonSchema> = {};
  const pending = [kind];

  const typeSchema = (name: string, type: string): JsonSchema => {
    const field = resolve(name, type);
    let item: JsonSchema;
    if (field.kind) {
      if (!(definitionName(field.kind) in definitions) && !pending.includes(field.kind)) pending.push(field.kind);
      item = { $ref: `#/definitions/${definitionName(field.kind)}` };
    } else if (field.map) {
      const inner = field.item.startsWith('{') ? field.item.slice(1, -1) : (GOBL_TYPES[field.item] as string).slice(1, -1);
      item = { type: 'object', additionalProperties: typeSchema(name, inner) };
    } else if (SCALARS[field.item]) item = { ...SCALARS[field.item] };
    else if (PRIMITIVES.has(field.item)) item = { type: field.item };
    else if (field.item === 'object' || GOBL_TYPES[field.item] === 'object') item = { type: 'object', additionalProperties: true };
    else item = { type: 'string' };
    return field.list ? { type: 'array', items: item } : item;
  };

  while (pending.length > 0) {
    const current = pending.shift() as string;
    const model = modelOf(current)!;
    const calculated = new Set(model.calculated);
    const properties: Record<string, JsonSchema> = {};
    for (const field of model.fields) {
      const schema: JsonSchema = { title: fieldTitle(field.name), ...typeSchema(field.name, field.type) };
      if (calculated.has(field.name)) schema.readOnly = true;
      properties[field.name] = schema;
    }
    const required = model.required.filter((name) => !calculated.has(name));
    definitions[definitionName(current)] = {
      type: 'object',
      title: fieldTitle(current.split('/')[1]),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  const root = definitions[definitionName(kind)];
  const rootProperties = { [SCHEMA_FIELD]: { type: 'string', const: schemaUrl, default: schemaUrl }, ...(root.properties as object) };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...root,
    properties: rootProperties,
    required: [SCHEMA_FIELD, ...((root.required as string[] | undefined) ?? [])],
    definitions,
  };
}
