import { processDocument, type Envelope, type Fault, type JsonObject } from '../document';
import { signEnvelope, verifyEnvelopeSignatures, withSigningFaults } from '../signing/envelope-signatures';
import type { SigningKeys } from '../signing/signing-keys';
import { UUID_PATTERN, type CreateEntryInput } from './create-entry.input';
import { deriveSource } from './derive/derive-source';
import { DomainError, badInput } from './errors';
import { toEntryFaults, validationError } from './faults';

/**
 * Everything the engine needs to turn a create request into an envelope. It holds only plain data, so it
 * can be handed to a worker thread as it is.
 */
export interface DocumentJob {
  workspaceId: string;
  input: CreateEntryInput;
  /** The envelope of the entry named by `input.previousId`, read by the caller. */
  previous?: Envelope;
  /** A client-chosen id (PUT), already checked to be a UUID. */
  id?: string;
  now: Date;
}

/** The envelope to store and the faults it keeps (only when `allow_invalid`). */
export interface ProcessedDocument {
  envelope: Envelope;
  faults: Fault[];
}

/**
 * The document work of a create, start to end: derive from the previous entry, normalize, calculate and
 * validate, settle the id, check uploaded signatures, sign. CPU-bound and synchronous, with no I/O, so that
 * it can run off the HTTP thread. Throws a DomainError for anything the client must change.
 */
export function runDocumentJob(job: DocumentJob, context: { signingKeys?: SigningKeys; newId: () => string }): ProcessedDocument {
  const { input, now } = job;
  const source = job.previous ? deriveSource(job.previous, input, { now }) : (input.data as JsonObject);
  const result = processDocument(source, { newUuid: context.newId, now });
  if (!result.ok) throw new DomainError(result.error, result.message, { faults: toEntryFaults(result.faults) });
  const envelope = result.envelope;
  settleId(envelope, source, job.id);
  verifyEnvelopeSignatures(envelope, context.signingKeys);
  const faults = withSigningFaults(envelope, result.faults);
  if (faults.length > 0 && !input.allowInvalid) throw validationError(faults);
  if (input.sign) {
    if (!context.signingKeys) throw new DomainError('internal', 'no signing key is configured');
    signEnvelope(envelope, faults, context.signingKeys, now);
  }
  return { envelope, faults };
}

/** A client-chosen id names the envelope; an uploaded envelope must agree with it. */
function settleId(envelope: Envelope, source: JsonObject, id: string | undefined): void {
  if (id !== undefined) {
    const given = source.doc !== undefined && (source.head as JsonObject | undefined)?.uuid;
    if (typeof given === 'string' && given.toLowerCase() !== id.toLowerCase()) {
      throw badInput('the envelope uuid differs from the id in the path', { data: { head: { uuid: 'differs from the id in the path' } } });
    }
    envelope.head.uuid = id.toLowerCase();
  }
  if (!UUID_PATTERN.test(envelope.head.uuid)) {
    throw badInput('the envelope uuid must be a UUID', { data: { head: { uuid: 'must be a UUID' } } });
  }
  envelope.head.uuid = envelope.head.uuid.toLowerCase();
}

/** Runs document jobs: in this thread (bulk import, unit tests) or in a pool of worker threads (the server). */
export interface DocumentEngine {
  run(job: DocumentJob): Promise<ProcessedDocument>;
  close(): Promise<void>;
}

/** The engine in the calling thread: simplest, and what bulk import uses, where nothing else waits. */
export class InThreadEngine implements DocumentEngine {
  constructor(private readonly context: { signingKeys?: SigningKeys; newId: () => string }) {}

  async run(job: DocumentJob): Promise<ProcessedDocument> {
    return runDocumentJob(job, this.context);
  }

  async close(): Promise<void> {}
}
