import { ENVELOPE_SCHEMA, isEnvelope, type Envelope, type JsonObject } from '../../document';
import { digestOf } from '../../document/head/header';
import { isObject } from '../../document/base/json';
import { UUID_PATTERN } from '../shared/uuid';
import { DomainError, badInput } from '../shared/errors';

/**
 * An uploaded envelope that carries signatures: sealed by whoever signed it (another workspace, a supplier),
 * so it is kept as it came. Anything else (a document, an unsigned envelope) the engine normalizes and
 * calculates as usual.
 */
export const isSealedEnvelope = (source: JsonObject): boolean => isEnvelope(source) && Array.isArray(source.sigs) && source.sigs.length > 0;

/**
 * The sealed envelope as it is to be stored: its header, document and signatures untouched (only `$schema`,
 * which no signature covers, is the envelope schema). Its header must carry a UUID (the one of the path, for
 * a PUT) and the digest of its document as it came, as GOBL checks a signed envelope: no normalization or
 * calculation may change a sealed document, so a digest that does not match means it was changed after it
 * was sealed (422, nothing stored).
 */
export function sealedEnvelopeOf(source: JsonObject, id: string | undefined): Envelope {
  const head = source.head;
  const doc = source.doc as JsonObject;
  if (!isObject(head) || typeof head.uuid !== 'string' || !UUID_PATTERN.test(head.uuid)) {
    throw badInput('a signed envelope must carry its uuid in its header', {
      data: { head: { uuid: 'must be a UUID: the envelope is signed' } },
    });
  }
  if (id !== undefined && head.uuid.toLowerCase() !== id.toLowerCase()) {
    throw badInput('the envelope uuid differs from the id in the path', { data: { head: { uuid: 'differs from the id in the path' } } });
  }
  const dig = head.dig;
  const digest = digestOf(doc);
  if (!isObject(dig) || dig.alg !== digest.alg || dig.val !== digest.val) {
    const problem = 'does not match the document: it was changed after the envelope was signed';
    throw new DomainError('validation', `head.dig: ${problem}; a signed envelope is stored as it came or not at all`, {
      fields: { data: { head: { dig: problem } } },
    });
  }
  return { ...source, $schema: ENVELOPE_SCHEMA, head, doc, sigs: source.sigs as string[] } as Envelope;
}
