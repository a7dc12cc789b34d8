import { threadId } from 'node:worker_threads';
import { workerData } from 'piscina';
import { v7 as uuidv7 } from 'uuid';
import { runDocumentJob, type DocumentJob, type JobOutcome } from '../domain/document-pipeline';
import { DomainError, type ErrorKey } from '../domain/errors';
import { SigningKeys } from '../signing/signing-keys';

/** What each worker thread is started with: where the service's signing keys are. */
export interface EngineWorkerData {
  signingKey?: string;
  dataDir: string;
}

/** A task: the job, and where the worker writes its thread id when it begins, so the time limit counts from there. */
export interface EngineTask {
  job: DocumentJob;
  started: Int32Array;
}

/** A DomainError does not survive the trip between threads as a class: it travels as plain fields. */
export type EngineAnswer =
  | { ok: true; outcome: JobOutcome }
  | { ok: false; key: ErrorKey; message: string; details: DomainError['details'] };

const { signingKey, dataDir } = workerData as EngineWorkerData;
const signingKeys = SigningKeys.load(signingKey, dataDir);

export default function processInWorker({ job, started }: EngineTask): EngineAnswer {
  Atomics.store(started, 0, threadId);
  Atomics.notify(started, 0);
  try {
    return { ok: true, outcome: runDocumentJob(job, { signingKeys, newId: uuidv7 }) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, key: error.key, message: error.message, details: error.details };
    throw error;
  }
}
