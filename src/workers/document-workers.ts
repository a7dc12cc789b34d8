import { Piscina } from 'piscina';
import { workerEntry } from '../worker-entry';
import { ENGINE_QUEUE_DEFAULTS, workspaceThreadsOf } from '../config';
import type { DocumentEngine, DocumentJob, EngineObserver, EngineRunOptions, JobOutcome } from '../domain/documents/document-pipeline';
import { DomainError } from '../domain/shared/errors';
import type { GoblJob, GoblOutcome } from '../domain/documents/gobl-tools';
import type { PdfJob, PdfOutcome } from '../domain/documents/pdf-job';
import type { FormatJob, FormatOutcome } from '../domain/documents/format-job';
import type { ValidateJob } from '../domain/documents/validate-job';
import type { ReadJob, ReadOutcome } from '../domain/documents/read-job';
import type { ValidationReport } from '../formats/validation/einvoice-validation';
import type { WorkerAnswer, WorkerTask, WorkerJob, WorkerOutcome, DocumentWorkerData, ThreadHeap } from './document-worker';
import { FairQueue, type QueuedJob } from './fair-queue';
import { newStartedCell, runningFor, type StartedCell } from './started-cell';

export interface DocumentWorkersOptions {
  threads: number;
  /** Longest a document may take once a thread has started on it. */
  timeLimitMs: number;
  /** The same for a validation by the official rules, counted once they are read (default: timeLimitMs). */
  validationTimeLimitMs?: number;
  /** Heap of each thread; a document that needs more is refused and the thread replaced. */
  memoryMb: number;
  /**
   * How much lower the threads' priority is than the HTTP thread's (Linux nice levels, through piscina):
   * when every core is busy with documents, the thread that answers requests is still scheduled first.
   */
  nice: number;
  worker: DocumentWorkerData;
  observeSeconds?: EngineObserver;
  /** Most jobs that may wait for a thread, in all and per workspace (default: ENGINE_QUEUE_DEFAULTS): past them a job is refused 503 at once. */
  queueLimit?: number;
  workspaceQueueLimit?: number;
  /** Most threads one workspace's jobs may hold at once (default: workspaceThreadsOf(threads)). */
  workspaceThreads?: number;
}

/**
 * PDFs, the slowest of the jobs (a long document's layout may take seconds), hold at most every thread but one:
 * however many workspaces ask for PDFs, a create finds a thread without waiting for a layout to end.
 */
const pdfThreadsOf = (threads: number) => Math.max(1, threads - 1);

/** A job in the fair queue: it starts on a thread when `begin` is called. */
interface WaitingJob extends QueuedJob {
  begin(): void;
}

const tooComplex = (why: string) => new DomainError('too-complex', `the document is too complex to process: ${why}`);
const busy = (whose: string) =>
  new DomainError('unavailable', `the document engine has too many documents waiting${whose}; try again shortly`);
/** A job whose client went away before a thread took it: nobody will read the answer. */
const abandoned = () => new DomainError('unavailable', 'the client closed the connection before its document was processed');

/**
 * The document engine in a pool of worker threads, so that the HTTP thread only parses, authenticates,
 * stores and answers, and no document, however large, holds it up. Workspaces take turns in the queue
 * (FairQueue), each holding at most `workspaceThreads` threads at once; a job is handed to piscina only when a
 * thread is free for it, so piscina's own queue stays empty. A document still running past the time limit has
 * its thread stopped and replaced, and is answered 422 `too-complex`, as is one that exhausts its thread's heap.
 */
/** A document in hand, as the watchdog sees it: its time limit, and whether it was stopped for passing it. */
interface Watch {
  limitMs: number;
  expired: boolean;
}

export class DocumentWorkers implements DocumentEngine {
  private readonly pool: Piscina<WorkerTask, WorkerAnswer>;
  private readonly inFlight = new Map<StartedCell, Watch>();
  private readonly sweepMs: number;
  private watchdog?: NodeJS.Timeout;
  private readonly queue: FairQueue<WaitingJob>;
  /** Jobs handed to piscina and not yet answered: at most `threads`. */
  private handed = 0;
  /** Called once nothing waits or runs (see close). */
  private onIdle?: () => void;
  /** Each thread's heap as its latest answer measured it, least recently heard from first (see noteHeap). */
  private readonly heaps = new Map<number, number>();

  constructor(private readonly options: DocumentWorkersOptions) {
    this.sweepMs = Math.min(100, Math.max(5, Math.floor(options.timeLimitMs / 10)));
    this.queue = new FairQueue(options.workspaceThreads ?? workspaceThreadsOf(options.threads), { pdf: pdfThreadsOf(options.threads) });
    this.pool = new Piscina({
      ...workerEntry(__dirname, 'document-worker', options.worker),
      name: 'default',
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB },
      niceIncrement: options.nice,
    });
  }

  async run(job: DocumentJob, options: EngineRunOptions = {}): Promise<JobOutcome> {
    return (await this.dispatch({ job }, job.workspaceId, options.signal)) as JobOutcome;
  }

  async runGobl(job: GoblJob, options: EngineRunOptions = {}): Promise<GoblOutcome> {
    return (await this.dispatch({ gobl: job }, job.workspaceId, options.signal)) as GoblOutcome;
  }

  /** An entry's PDF, with a create's time and memory budget. */
  async renderPdf(job: PdfJob, options: EngineRunOptions = {}): Promise<PdfOutcome> {
    const { pdf, name } = (await this.dispatch({ pdf: job }, job.workspaceId, options.signal)) as PdfOutcome;
    // Structured cloning turns the thread's Buffer into a plain Uint8Array: one view of the same bytes, no copy.
    return { pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), name };
  }

  /** An entry's document in a format (src/formats/), with a create's time and memory budget. */
  async renderFormat(job: FormatJob, options: EngineRunOptions = {}): Promise<FormatOutcome> {
    return (await this.dispatch({ format: job }, job.workspaceId, options.signal)) as FormatOutcome;
  }

  /** A received e-invoice read as a GOBL invoice, with a create's time and memory budget. */
  async readEinvoice(job: ReadJob, options: EngineRunOptions = {}): Promise<ReadOutcome> {
    return (await this.dispatch({ read: job }, job.workspaceId, options.signal)) as ReadOutcome;
  }

  /** A received e-invoice validated by the official artefacts, with a create's time and memory budget. */
  async validateEinvoice(job: ValidateJob, options: EngineRunOptions = {}): Promise<ValidationReport> {
    return (await this.dispatch({ validate: job }, job.workspaceId, options.signal)) as ValidationReport;
  }

  /** Jobs waiting for a thread. */
  get waiting(): number {
    return this.queue.size;
  }

  /** The heap of each thread that has answered, in bytes, as its latest answer measured it (GET /metrics). */
  threadHeaps(): number[] {
    return [...this.heaps.values()];
  }

  /** Jobs in hand: waiting or running. */
  get inHand(): number {
    return this.inFlight.size;
  }

  /** A thread replaced after a document that was too much never answers again: past `threads`, the one heard from longest ago goes. */
  private noteHeap({ thread, bytes }: ThreadHeap): void {
    this.heaps.delete(thread);
    this.heaps.set(thread, bytes);
    if (this.heaps.size > this.options.threads) this.heaps.delete(this.heaps.keys().next().value as number);
  }

  private async dispatch(work: WorkerJob, workspaceId: string, signal?: AbortSignal): Promise<WorkerOutcome> {
    if (signal?.aborted) throw abandoned();
    // The queue holds each waiting job's request body: bounded, and one workspace may fill only its share of it.
    if (this.queue.size >= (this.options.queueLimit ?? ENGINE_QUEUE_DEFAULTS.limit)) throw busy('');
    if (this.queue.sizeOf(workspaceId) >= (this.options.workspaceQueueLimit ?? ENGINE_QUEUE_DEFAULTS.workspaceLimit))
      throw busy(' for this workspace');
    const started = newStartedCell();
    const limitMs = ('validate' in work && this.options.validationTimeLimitMs) || this.options.timeLimitMs;
    const watch: Watch = { limitMs, expired: false };
    this.inFlight.set(started, watch);
    this.watchdog ??= setInterval(() => this.stopOverdue(), this.sweepMs).unref();
    let answer: WorkerAnswer;
    try {
      // Not piscina's own abort signal: a job in hand runs to its end (see stopOverdue and inTurn).
      const queued = { workspaceId, kind: 'pdf' in work ? 'pdf' : undefined };
      answer = await this.inTurn(queued, signal, () => this.pool.run({ ...work, started }));
    } catch (error) {
      if (watch.expired) throw tooComplex(`it took longer than ${limitMs / 1000} s`);
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw tooComplex(`it needs more than ${this.options.memoryMb} MB`);
      throw error;
    } finally {
      this.inFlight.delete(started);
      if (this.inFlight.size === 0) {
        clearInterval(this.watchdog);
        this.watchdog = undefined;
      }
    }
    this.noteHeap(answer.heap);
    this.options.observeSeconds?.(answer.seconds);
    // A thread that finished past the limit before the watchdog came round (the HTTP thread busy) is judged
    // by its own clock: the answer does not depend on when the timer ran.
    if (answer.seconds * 1000 > limitMs) throw tooComplex(`it took longer than ${limitMs / 1000} s`);
    if (!answer.ok) throw new DomainError(answer.key, answer.message, answer.details);
    return answer.outcome;
  }

  /**
   * Runs `task` once its workspace's turn comes and a thread is free for it, or refuses it `abandoned` if `signal`
   * aborts while it still waits (a job a thread has taken runs to its end: stopping the thread would cost more).
   */
  private inTurn<T>(queued: QueuedJob, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        if (this.queue.withdraw(job)) reject(abandoned());
        this.checkIdle();
      };
      const job: WaitingJob = {
        ...queued,
        begin: () => {
          signal?.removeEventListener('abort', onAbort);
          this.handed += 1;
          task()
            .then(resolve, reject)
            .finally(() => {
              this.handed -= 1;
              this.queue.finish(job);
              this.handOut();
            });
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.handOut();
    });
  }

  /** Hands waiting jobs to free threads, each workspace within its share. */
  private handOut(): void {
    while (this.handed < this.options.threads) {
      const job = this.queue.shift();
      if (!job) break;
      job.begin();
    }
    this.checkIdle();
  }

  private checkIdle(): void {
    if (this.handed === 0 && this.queue.size === 0) this.onIdle?.();
  }

  /** Lets the documents waiting and in hand finish, then stops the threads. */
  async close(): Promise<void> {
    if (this.handed > 0 || this.queue.size > 0) await new Promise<void>((resolve) => (this.onIdle = resolve));
    await this.pool.close();
  }

  /**
   * The time limit counts from when a thread takes the document, not from when it was queued: the thread
   * marks the time and its id in the task's `started` cells, and one watchdog, ticking a tenth of the limit,
   * stops the thread of each document that has been running longer. (Piscina's own abort signal would do it too, but
   * its queue keeps abortable tasks apart, outside the fair queue; and one timer for all documents costs a
   * small document less than one of its own.)
   */
  private stopOverdue(): void {
    for (const [started, watch] of this.inFlight) {
      const running = watch.expired ? undefined : runningFor(started);
      if (!running || running.ms < watch.limitMs) continue;
      watch.expired = true;
      void this.pool.threads.find((thread) => thread.threadId === running.threadId)?.terminate();
    }
  }
}

/**
 * The young generation of each engine thread, whatever ENGINE_MEMORY_MB: set rather than left to V8, which gives a
 * Node 20 thread of 64 MB 48 MB of it and a Node 24 thread 192 MB (a "64 MB" thread could then hold 256 MB and
 * finish a document far larger than ENGINE_MEMORY_MB says). Larger bought nothing: with an eighth of the default
 * 512 MB (64 MB) each thread's heap reached 52 MB under the performance mix against 36 MB with 16, at the same
 * create throughput (bench/README.md, Memory).
 */
export const ENGINE_YOUNG_GENERATION_MB = 16;
