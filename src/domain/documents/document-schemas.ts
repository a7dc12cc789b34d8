import { DOCUMENT_SCHEMAS, SCHEMA_BASE } from '../../document/base/schemas';
import { jsonSchemaOf, type JsonSchema } from '../../document/model/type-schema';
import { notFound } from '../shared/errors';

/** The JSON Schemas of the document types, made once each from the engine's description of GOBL's types. */
const MADE = new Map<string, JsonSchema>();

/**
 * The JSON Schema of a document type (`bill/invoice`), for a form to be generated from: the types the service
 * stores as documents, no others (their parts are definitions inside). Refused as not found otherwise.
 */
export function documentSchemaOf(type: string): JsonSchema {
  if (!(DOCUMENT_SCHEMAS as readonly string[]).includes(type)) throw notFound(`document type ${JSON.stringify(type)}`);
  let schema = MADE.get(type);
  if (!schema) {
    schema = jsonSchemaOf(type, `${SCHEMA_BASE}${type}`) as JsonSchema;
    MADE.set(type, schema);
  }
  return schema;
}
