import { addonHooks } from '../addons';
import { buildDocument } from './document';
import { CalculationError } from '../base/errors';
import { readDocument, schemaOf } from './field-names';
import { buildHeader } from '../head/header';
import { isObject } from '../base/json';
import { orderFields } from '../base/fields';
import { pruneEmpty } from './normalize';
import { ENVELOPE_SCHEMA, documentTypeOf } from '../base/schemas';
import type { Envelope, Fault, JsonObject, ProcessContext, ProcessResult } from '../base/types';
import { AmountError } from '../num';
import { validateDocument } from './validate';

/** True when `data` is a whole envelope rather than a bare document. */
export function isEnvelope(data: JsonObject): boolean {
  const schema = schemaOf(data);
  if (schema === ENVELOPE_SCHEMA) return true;
  return isObject(data.doc) && (isObject(data.head) || schema === undefined);
}

/**
 * Turns uploaded data (an envelope or a bare document) into a normalized, calculated envelope,
 * and lists every validation fault. Pure: identifiers and time come from `ctx`; `data` is not modified.
 */
export function processDocument(data: JsonObject, ctx: ProcessContext): ProcessResult {
  // Values are checked as field names are read; what decoding refuses is answered after the schema is known.
  const read = isEnvelope(data) ? readDocument(data, 'envelope', false, '$') : undefined;
  const given = read?.value;
  const source = given ? given.doc : data;
  if (!isObject(source)) {
    return { ok: false, error: 'unknown-schema', message: 'the envelope has no document object', faults: [] };
  }
  const givenSchema = schemaOf(source);
  const type = documentTypeOf(givenSchema);
  if (!type) {
    const schema = typeof givenSchema === 'string' ? givenSchema : 'none';
    return { ok: false, error: 'unknown-schema', message: `unknown document schema: ${schema}`, faults: [] };
  }
  const readDoc = readDocument(source, type, true, given ? '$.doc' : '$');
  let doc = readDoc.value;
  const undecodable = read?.problem ?? readDoc.problem;
  if (undecodable) {
    return { ok: false, error: 'input', message: `${undecodable.path}: ${undecodable.message}`, faults: [] };
  }
  let built: ReturnType<typeof buildDocument>;
  try {
    built = buildDocument(doc, type, ctx);
  } catch (err) {
    if (err instanceof CalculationError || err instanceof AmountError) {
      return { ok: false, error: 'calculation', message: err.message, faults: [] };
    }
    throw err;
  }
  // GOBL reads a complement without `$schema` but fails to write it back, once the document is calculated.
  const unwritable = read?.unwritable ?? readDoc.unwritable;
  if (unwritable) return { ok: false, error: 'marshal', message: `${unwritable}: a complement needs a $schema`, faults: [] };
  pruneEmpty(doc);
  doc = orderFields(doc, type);
  const envelope: Envelope = {
    $schema: ENVELOPE_SCHEMA,
    head: buildHeader(given && isObject(given.head) ? given.head : {}, doc, ctx),
    doc,
  };
  if (given && Array.isArray(given.sigs)) envelope.sigs = given.sigs as string[];
  const faults: Fault[] = validateDocument(envelope, { regime: built.regime, addons: addonHooks(built.addons) });
  return { ok: true, envelope, faults };
}
