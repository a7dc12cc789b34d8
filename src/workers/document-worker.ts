import { getHeapStatistics } from 'node:v8';
import { resourceLimits, threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { v7 as uuidv7 } from 'uuid';
import { runDocumentJob, type DocumentJob, type JobOutcome } from '../domain/documents/document-pipeline';
import { runGoblJob, type GoblJob, type GoblOutcome } from '../domain/documents/gobl-tools';
import { DomainError, type ErrorKey } from '../domain/shared/errors';
import type { JsonPatchLimits } from '../domain/documents/derive/json-patch';
import { runFormatJob, type FormatJob, type FormatOutcome } from '../domain/documents/format-job';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import { runValidateJob, type ValidateJob } from '../domain/documents/validate-job';
import { runReadJob, type ReadJob, type ReadOutcome } from '../domain/documents/read-job';
import type { ValidationReport } from '../formats/validation/einvoice-validation';
import { makeEntryPdf } from './entry-pdf-maker';
import { pdfFonts } from '../pdf/pdf-fonts';
import { SigningKeys, type SigningKeyMaterial } from '../signing/signing-keys';
import { markStarted, type StartedCell } from './started-cell';

/** What each worker thread is started with: the service's signing keys as plain data, and the patch bounds. */
export interface DocumentWorkerData {
  signingKeys: SigningKeyMaterial;
  jsonPatchLimits?: JsonPatchLimits;
}

/** A task: a create job, a GOBL tool's job, an entry's PDF or its document in a format, an e-invoice to validate or read, and where the worker marks when it began. */
export type WorkerJob =
  { job: DocumentJob } | { gobl: GoblJob } | { pdf: PdfJob } | { format: FormatJob } | { validate: ValidateJob } | { read: ReadJob };
export type WorkerTask = WorkerJob & { started: StartedCell };
export type WorkerOutcome = JobOutcome | GoblOutcome | PdfOutcome | FormatOutcome | ValidationReport | ReadOutcome;

/** A DomainError does not survive the trip between threads as a class: it travels as plain fields. */
export type WorkerAnswer = (
  { ok: true; outcome: WorkerOutcome } | { ok: false; key: ErrorKey; message: string; details: DomainError['details'] }
) & { seconds: number; heap: ThreadHeap };

/** A thread's heap as it answered: the memory its V8 heap holds, garbage not yet collected included. */
export interface ThreadHeap {
  thread: number;
  bytes: number;
}

const data = workerData as DocumentWorkerData;
const context = { signingKeys: SigningKeys.fromMaterial(data.signingKeys), jsonPatchLimits: data.jsonPatchLimits, newId: uuidv7 };

// The PDF fonts are read and parsed as the thread starts, so that no PDF's time budget pays for them.
pdfFonts();

/** The heap limit V8 started this thread with; Node raises it only when the thread ran out of heap. */
const INITIAL_HEAP_LIMIT = getHeapStatistics().heap_size_limit;

/** The heap this thread was given (old and young generations), in bytes; 0 where it runs without limits. */
const HEAP_LIMIT_BYTES = resourceLimits.maxOldGenerationSizeMb
  ? (resourceLimits.maxOldGenerationSizeMb + (resourceLimits.maxYoungGenerationSizeMb ?? 0)) * 1024 * 1024
  : 0;

/**
 * Past its heap limit, a thread is not stopped at once: Node raises the limit a little and asks V8 to end the
 * thread, which happens the next time JavaScript runs. A job that finished in that margin (inside one long
 * JSON.parse or stringify) would otherwise be answered; it is refused as the stopped thread would have been.
 * Two signs tell: Node raised the limit, or the job itself took the used heap past the thread's limit (the
 * garbage of an earlier job, which counts until it is collected, is not this job's: `usedBefore`).
 */
function pastHeapLimit(usedBefore: number): boolean {
  const { heap_size_limit: limit, used_heap_size: used } = getHeapStatistics();
  if (limit > INITIAL_HEAP_LIMIT) return true;
  return HEAP_LIMIT_BYTES > 0 && used > HEAP_LIMIT_BYTES && used - usedBefore > HEAP_LIMIT_BYTES / 2;
}

/**
 * The task's work: synchronous for documents; a PDF is written through pdfkit's stream, a received PDF is read by
 * pdf.js, and a validation waits for the XML Schema's validator, so they end later.
 */
function work(
  task: WorkerTask,
  restartClock: () => void,
): JobOutcome | GoblOutcome | FormatOutcome | Promise<PdfOutcome | ValidationReport | ReadOutcome> {
  if ('pdf' in task) return makeEntryPdf(task.pdf);
  // The official rules are read once per thread, seconds on a loaded machine: the time limit counts from after.
  if ('validate' in task) return runValidateJob(task.validate, { loaded: restartClock });
  if ('format' in task) return runFormatJob(task.format, { newUuid: uuidv7, now: new Date() });
  if ('read' in task) return runReadJob(task.read, { newUuid: uuidv7, now: new Date() });
  return 'gobl' in task ? runGoblJob(task.gobl, context) : runDocumentJob(task.job, context);
}

/**
 * Piscina takes the answer or its promise. A document's answer stays synchronous, as it always was; only a PDF
 * waits for its stream, and is judged by the same heap check once written.
 */
export default function processInWorker(task: WorkerTask): WorkerAnswer | Promise<WorkerAnswer> {
  const { started } = task;
  markStarted(started, threadId);
  let begun = performance.now();
  const restartClock = () => {
    begun = performance.now();
    markStarted(started, threadId);
  };
  const usedBefore = getHeapStatistics().used_heap_size;
  const seconds = () => (performance.now() - begun) / 1000;
  const measured = () => ({ seconds: seconds(), heap: { thread: threadId, bytes: getHeapStatistics().total_physical_size } });
  const answered = (outcome: WorkerOutcome): WorkerAnswer => {
    if (pastHeapLimit(usedBefore)) {
      const message = `the document is too complex to process: it needs more than ${resourceLimits.maxOldGenerationSizeMb} MB`;
      return { ok: false, key: 'too-complex', message, details: {}, ...measured() };
    }
    return { ok: true, outcome, ...measured() };
  };
  const refused = (error: unknown): WorkerAnswer => {
    if (error instanceof DomainError) return { ok: false, key: error.key, message: error.message, details: error.details, ...measured() };
    throw error;
  };
  try {
    const outcome = work(task, restartClock);
    return outcome instanceof Promise ? outcome.then(answered, refused) : answered(outcome);
  } catch (error) {
    return refused(error);
  }
}
