import { correctInvoice } from '../../../document/bill/invoice-correct';
import { replicateDocument } from '../../../document/bill/invoice-replicate';
import type { Envelope, JsonObject } from '../../../document';
import { isObject } from '../../../document/base/json';
import type { CreateEntryInput } from '../../entries/model/create-entry.input';
import { DomainError, type ErrorFields } from '../../shared/errors';
import { applyJsonPatch, patchError, type JsonPatchLimits } from './json-patch';
import { applyMergePatch } from './merge-patch';

/**
 * The data to process for a new entry based on an earlier one (`previous_id`): a corrective document,
 * a patched copy of the previous envelope, the given replacement, or a plain copy. The result is
 * processed as any upload; `previous` is never modified.
 */
export function deriveSource(
  previous: Envelope,
  input: CreateEntryInput,
  ctx: { now: Date; jsonPatchLimits?: JsonPatchLimits; sameEntry?: boolean },
): JsonObject {
  const envelope = previous as unknown as JsonObject;
  if (input.correct !== undefined) return correctPrevious(envelope, input, ctx);
  // A new version of the same entry keeps its header; a new entry drops what identified the previous one.
  const patched = ctx.sameEntry ? nextVersionFrom : newEnvelopeFrom;
  switch (input.contentType) {
    case 'application/json-patch+json':
      return patched(applyJsonPatch(envelope, input.data, ctx.jsonPatchLimits), previous);
    case 'application/merge-patch+json':
      return patched(applyMergePatch(envelope, input.data as JsonObject), previous);
    default:
      if (input.data !== undefined) return input.data as JsonObject;
      // No data: a new entry copies the previous document; the same entry keeps its envelope (to sign it).
      return ctx.sameEntry ? nextVersionFrom(envelope) : replicateDocument(previous.doc);
  }
}

function correctPrevious(previous: JsonObject, input: CreateEntryInput, ctx: { now: Date }): JsonObject {
  const result = correctInvoice(previous, input.correct!, ctx);
  if (result.ok) return result.doc;
  const fields: ErrorFields = result.option ? { correct: { [result.option]: result.message } } : { previous_id: result.message };
  throw new DomainError('validation', result.message, { fields });
}

/** Header members that identify or certify the previous document: not carried over unless the patch wrote them. */
const IDENTITY = ['uuid', 'stamps', 'links'] as const;

/**
 * A patched envelope as a new document: the previous envelope's uuid, stamps, links and signatures
 * are dropped (a value the patch itself wrote is kept), and the digest is left to be recomputed.
 */
function newEnvelopeFrom(patched: unknown, previous: Envelope): JsonObject {
  if (!isObject(patched)) throw patchError('the patched envelope must be a JSON object');
  if (!isObject(patched.doc)) return patched; // the patch replaced the envelope with a bare document
  const head: JsonObject = isObject(patched.head) ? { ...patched.head } : {};
  for (const name of IDENTITY) {
    if (head[name] !== undefined && sameJson(head[name], previous.head[name])) delete head[name];
  }
  delete head.dig;
  const envelope: JsonObject = { ...patched, head };
  if (envelope.sigs !== undefined && sameJson(envelope.sigs, previous.sigs)) delete envelope.sigs;
  return envelope;
}

/**
 * A patched envelope as the next version of the same entry: its header stays (uuid, stamps, links), the digest
 * is left to be recomputed, and signatures are dropped (they certified the previous content).
 */
function nextVersionFrom(patched: unknown): JsonObject {
  if (!isObject(patched)) throw patchError('the patched envelope must be a JSON object');
  if (!isObject(patched.doc)) return patched;
  const head: JsonObject = isObject(patched.head) ? { ...patched.head } : {};
  delete head.dig;
  const envelope: JsonObject = { ...patched, head };
  delete envelope.sigs;
  return envelope;
}

/** Equal as JSON (the patched value is a copy of the previous one, so members keep their order). */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
