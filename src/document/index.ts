import { canonicalJson, sha256Hex } from './c14n';
import { ENVELOPE_SCHEMA, documentTypeOf } from './schemas';
import type { Envelope, Json, JsonObject, ProcessContext, ProcessResult } from './types';

export * from './types';
export { documentTypeOf, ENVELOPE_SCHEMA } from './schemas';
export type { DocumentType } from './schemas';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when `data` is a whole envelope rather than a bare document. */
export function isEnvelope(data: JsonObject): boolean {
  return data.$schema === ENVELOPE_SCHEMA || (isObject(data.head) && isObject(data.doc));
}

/**
 * Turns uploaded data (an envelope or a bare document) into a normalized, calculated envelope,
 * and lists every validation fault. Pure: identifiers and time come from `ctx`.
 */
export function processDocument(data: JsonObject, ctx: ProcessContext): ProcessResult {
  const given = isEnvelope(data) ? data : undefined;
  const doc = given ? given.doc : data;
  if (!isObject(doc)) {
    return { ok: false, error: 'unknown-schema', message: 'the envelope has no document object', faults: [] };
  }
  if (!documentTypeOf(doc.$schema)) {
    const schema = typeof doc.$schema === 'string' ? doc.$schema : 'none';
    return { ok: false, error: 'unknown-schema', message: `unknown document schema: ${schema}`, faults: [] };
  }
  const head: JsonObject = given && isObject(given.head) ? { ...given.head } : {};
  const uuid = typeof head.uuid === 'string' && head.uuid !== '' ? head.uuid : ctx.newUuid();
  const envelope: Envelope = {
    $schema: ENVELOPE_SCHEMA,
    head: { ...head, uuid, dig: { alg: 'sha256', val: sha256Hex(canonicalJson(doc as Json)) } },
    doc,
  };
  if (given && Array.isArray(given.sigs)) envelope.sigs = given.sigs as string[];
  return { ok: true, envelope, faults: [] };
}
