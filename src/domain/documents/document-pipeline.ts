import { processDocument, type Envelope, type Fault, type JsonObject } from '../../document';
import { checkReceivedSignatures, signatureVerdict, signEnvelope, verifyEnvelopeSignatures, withSigningFaults } from './envelope-signing';
import { parseCreateEntryInput, type CreateEntryInput } from '../entries/model/create-entry.input';
import { UUID_PATTERN } from '../shared/uuid';
import { deriveSource } from './derive/derive-source';
import type { Entry, SignatureVerdict } from '../entries/model/entry';
import { versionOf } from '../entries/model/entry-history';
import { DomainError, badInput, notFound } from '../shared/errors';
import { engineRefusal, toEntryFaults, validationError } from './faults';
import { folderForSchema } from '../entries/model/folders';
import { runGoblJob, type GoblJob, type GoblOutcome } from './gobl-tools';
import { parseJsonText } from '../shared/json-text';
import { updateAsDerivation } from '../entries/model/update-entry.input';
import { buildSnippet } from '../entries/model/snippet';
import { sortAmountOfDoc } from '../entries/model/sort-amount';
import { referencesOf } from '../entries/model/references-of';
import { isSealedEnvelope, sealedEnvelopeOf } from './received-envelope';
import type { EngineContext } from './engine-context';
import type { PdfJob, PdfMaker, PdfOutcome } from './pdf-job';
import { runFormatJob, type FormatJob, type FormatOutcome } from './format-job';
import { runValidateJob, type ValidateJob } from './validate-job';
import { runReadJob, type ReadJob, type ReadOutcome } from './read-job';
import type { ValidationReport } from '../../formats/validation/einvoice-validation';

export type { EngineContext } from './engine-context';

/**
 * A create request as the engine takes it. Documents travel as JSON text, not objects: handing a string
 * to another thread is a copy of its bytes, while an object graph of a large document costs the sending
 * thread as much as parsing it would.
 */
export interface DocumentJob {
  workspaceId: string;
  /** The create body (contract field names), as JSON text. */
  body: string;
  /** The stored envelope of the entry named by `previous_id`, once the caller has read it. */
  previousJson?: string;
  /**
   * The entries the caller read before the job because the body's text seemed to name them as `previous_id`
   * (previous-id-read-ahead.ts), by that id: the stored envelope, or null when the workspace has no such entry.
   */
  previousReadAhead?: Record<string, string | null>;
  /** A client-chosen id (PUT), already checked to be a UUID; for an update, the entry's id. */
  id?: string;
  /**
   * Present when the job is an update of the entry `id` (whose envelope is `previousJson`): `body` is then an
   * update body, and the job makes the entry's next version rather than a new entry.
   */
  update?: { folder: string; signed: boolean; received?: boolean };
  now: Date;
}

/**
 * The entry to store, its envelope as the JSON text to store; or the previous entry the job needs first; or,
 * for an update that leaves the envelope as it is, the folder the entry is to be in.
 */
export type JobOutcome = { entry: Entry } | { needsPrevious: string } | { unchanged: { folder: string } };

/**
 * The document work of a create, start to end: read the body, derive from the previous entry, normalize,
 * calculate and validate, settle the id, check uploaded signatures, sign, and describe the entry.
 * CPU-bound and synchronous, with no I/O, so that it runs off the HTTP thread. Throws a DomainError for
 * anything the client must change.
 */

/** Told how long the engine worked on each document, for the metrics (whatever the outcome). */
export type EngineObserver = (seconds: number) => void;

export function runDocumentJob(job: DocumentJob, context: EngineContext): JobOutcome {
  let input: CreateEntryInput;
  if (job.update) {
    const update = updateAsDerivation(parseJsonText(job.body), job.id!, job.update);
    if ('unchanged' in update) return update;
    input = update.input;
  } else {
    input = parseCreateEntryInput(parseJsonText(job.body));
  }
  let previousJson = job.previousJson;
  if (input.previousId !== undefined && previousJson === undefined) {
    const read =
      job.previousReadAhead && Object.hasOwn(job.previousReadAhead, input.previousId) ? job.previousReadAhead[input.previousId] : undefined;
    if (read === undefined) return { needsPrevious: input.previousId };
    if (read === null) throw notFound('previous entry');
    previousJson = read;
  }
  const { now } = job;
  const previous = previousJson === undefined ? undefined : (JSON.parse(previousJson) as Envelope);
  const { workspaceId } = job;
  const source = previous
    ? deriveSource(previous, input, { now, jsonPatchLimits: context.jsonPatchLimits, sameEntry: job.update !== undefined })
    : (input.data as JsonObject);
  if (!previous && isSealedEnvelope(source)) return { entry: receivedEntry(job, source, input, context) };
  const result = processDocument(source, { newUuid: context.newId, now });
  if (!result.ok) throw engineRefusal(result);
  const envelope = result.envelope;
  settleId(envelope, source, job.id);
  verifyEnvelopeSignatures(envelope, context.signingKeys, workspaceId);
  const faults = withSigningFaults(envelope, result.faults);
  if (faults.length > 0 && !input.allowInvalid) throw validationError(faults);
  if (input.sign) {
    if (!context.signingKeys) throw new DomainError('internal', 'no signing key is configured');
    signEnvelope(envelope, faults, context.signingKeys, { workspaceId, now });
  }
  const signature = envelope.sigs?.length ? signatureVerdict(envelope, context.signingKeys, workspaceId) : undefined;
  return { entry: entryOf(workspaceId, envelope, input, faults, now, signature) };
}

/**
 * An uploaded envelope that carries signatures, stored as it came: never normalized or calculated (its
 * signatures seal it), refused when its digest or a signature shows it was changed, and stored with what
 * was verified of its signatures. The engine still reads and validates a copy of its document, for the
 * faults, the snippet and the references. `sign` cannot add this workspace's signature to another party's
 * envelope; on one this workspace signed already, it changes nothing.
 */
function receivedEntry(job: DocumentJob, source: JsonObject, input: CreateEntryInput, context: EngineContext): Entry {
  const { workspaceId, now } = job;
  // Values the engine cannot read are refused first, as for any upload (the engine does not modify `source`).
  const result = processDocument(source, { newUuid: context.newId, now });
  if (!result.ok) throw engineRefusal(result);
  const sealed = sealedEnvelopeOf(source, job.id);
  const dataJson = JSON.stringify(sealed);
  const signature = checkReceivedSignatures(sealed, context.signingKeys, workspaceId);
  if (input.sign && signature.sigs.some((sig) => sig.by !== 'workspace')) {
    const problem = 'cannot sign an envelope signed by another party: it is stored as it came';
    throw new DomainError('validation', `sign: ${problem}`, { fields: { sign: problem } });
  }
  const faults = withSigningFaults(result.envelope, result.faults);
  if (faults.length > 0 && !input.allowInvalid) throw validationError(faults);
  // The engine's reading of the document describes it; the header and the text stored are the envelope's own.
  const described = { ...result.envelope, head: { ...result.envelope.head, uuid: sealed.head.uuid.toLowerCase() } };
  const entry = entryOf(workspaceId, described, input, faults, now, signature, dataJson);
  const tags = Array.isArray(sealed.head.tags) ? sealed.head.tags.filter((t): t is string => typeof t === 'string') : [];
  return { ...entry, tags, digest: { alg: sealed.head.dig.alg, val: sealed.head.dig.val } };
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

/** The entry of `envelope`; `dataJson` is the text to store, when it is not the envelope's own (a received one). */
function entryOf(
  workspaceId: string,
  envelope: Envelope,
  input: CreateEntryInput,
  faults: Fault[],
  now: Date,
  signature?: SignatureVerdict,
  dataJson = JSON.stringify(envelope),
): Entry {
  const invalid = faults.length > 0;
  const tags = Array.isArray(envelope.head.tags) ? envelope.head.tags.filter((t): t is string => typeof t === 'string') : [];
  const signed = Array.isArray(envelope.sigs) && envelope.sigs.length > 0;
  return {
    workspaceId,
    id: envelope.head.uuid,
    key: input.key,
    folder: input.folder ?? folderForSchema(envelope.doc.$schema as string),
    docSchema: envelope.doc.$schema as string,
    envSchema: envelope.$schema,
    state: invalid ? 'invalid' : undefined,
    signed,
    signature,
    invalid,
    digest: { alg: envelope.head.dig.alg, val: envelope.head.dig.val },
    snippet: buildSnippet(envelope),
    sortAmount: sortAmountOfDoc(envelope.doc),
    tags,
    attachments: [],
    meta: [],
    faults: toEntryFaults(faults),
    createdAt: now,
    updatedAt: now,
    version: versionOf(dataJson),
    dataJson,
    refs: referencesOf(envelope, input.previousId),
  };
}

/** How a job is run: `signal`, the request's, aborts when its client goes away (a job still waiting is dropped). */
export interface EngineRunOptions {
  signal?: AbortSignal;
}

/** Runs document jobs: in this thread (bulk import, unit tests) or in a pool of worker threads (the server). */
export interface DocumentEngine {
  run(job: DocumentJob, options?: EngineRunOptions): Promise<JobOutcome>;
  /** One of the stateless GOBL tools (build, sign, correct). */
  runGobl(job: GoblJob, options?: EngineRunOptions): Promise<GoblOutcome>;
  /** The PDF of an entry's envelope (src/pdf/), with the same time and memory budget as a create. */
  renderPdf(job: PdfJob, options?: EngineRunOptions): Promise<PdfOutcome>;
  /** An entry's document in a format (src/formats/), with the same budget. */
  renderFormat(job: FormatJob, options?: EngineRunOptions): Promise<FormatOutcome>;
  /** A received e-invoice's validation by the official artefacts (src/formats/validation/), with the same budget. */
  validateEinvoice(job: ValidateJob, options?: EngineRunOptions): Promise<ValidationReport>;
  /** A received e-invoice read as a GOBL invoice (src/formats/), with the same budget. */
  readEinvoice(job: ReadJob, options?: EngineRunOptions): Promise<ReadOutcome>;
  close(): Promise<void>;
}

/** The engine in the calling thread: simplest, and what bulk import uses, where nothing else waits. */
export class InThreadEngine implements DocumentEngine {
  /** `makePdf` is given by the wiring (server.ts), since the domain does not import pdfkit; without it, PDFs are refused. */
  constructor(private readonly context: EngineContext & { observeSeconds?: EngineObserver; makePdf?: PdfMaker }) {}

  async run(job: DocumentJob): Promise<JobOutcome> {
    return this.timed(() => runDocumentJob(job, this.context));
  }

  async runGobl(job: GoblJob): Promise<GoblOutcome> {
    return this.timed(() => runGoblJob(job, this.context));
  }

  async renderFormat(job: FormatJob): Promise<FormatOutcome> {
    return this.timed(() => runFormatJob(job, { newUuid: this.context.newId, now: new Date() }));
  }

  readEinvoice(job: ReadJob): Promise<ReadOutcome> {
    return this.timedLater(() => runReadJob(job, { newUuid: this.context.newId, now: new Date() }));
  }

  validateEinvoice(job: ValidateJob): Promise<ValidationReport> {
    return this.timedLater(() => runValidateJob(job));
  }

  renderPdf(job: PdfJob): Promise<PdfOutcome> {
    const { makePdf } = this.context;
    if (!makePdf) return Promise.reject(new DomainError('internal', 'this engine makes no PDFs'));
    return this.timedLater(() => makePdf(job));
  }

  /** As `timed`, for work that ends later (a PDF's stream, pdf.js, the XML Schema's validator). */
  private async timedLater<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.context.observeSeconds?.((performance.now() - started) / 1000);
    }
  }

  private timed<T>(work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.context.observeSeconds?.((performance.now() - started) / 1000);
    }
  }

  async close(): Promise<void> {}
}
