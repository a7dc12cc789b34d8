import path from 'node:path';
import { Piscina } from 'piscina';
import type { DocumentEngine, DocumentJob, EngineObserver, JobOutcome } from '../domain/document-pipeline';
import { DomainError } from '../domain/errors';
import type { GoblJob, GoblOutcome } from '../domain/gobl-tools';
import type { EngineAnswer, EngineTask, EngineWorkerData } from './engine-worker';
import { FairQueue, type QueueOptions } from './fair-queue';

export interface EnginePoolOptions {
  threads: number;
  /** Longest a document may take once a thread has started on it. */
  timeLimitMs: number;
  /** Heap of each thread; a document that needs more is refused and the thread replaced. */
  memoryMb: number;
  worker: EngineWorkerData;
  observeSeconds?: EngineObserver;
}

/** Run from the TypeScript sources (tests), a thread starts through a small loader that transpiles them. */
function workerEntry(worker: EngineWorkerData): { filename: string; workerData: EngineWorkerData & { tsModule?: string } } {
  if (!__filename.endsWith('.ts')) return { filename: path.join(__dirname, 'engine-worker.js'), workerData: worker };
  return {
    filename: path.resolve(__dirname, '../../scripts/ts-worker.js'),
    workerData: { ...worker, tsModule: path.join(__dirname, 'engine-worker.ts') },
  };
}

const tooComplex = (why: string) => new DomainError('too-complex', `the document is too complex to process: ${why}`);

/**
 * The document engine in a pool of worker threads, so that the HTTP thread only parses, authenticates,
 * stores and answers, and no document, however large, holds it up. Workspaces take turns in the queue
 * (FairQueue). A document still running past the time limit has its thread stopped and replaced, and is
 * answered 422 `too-complex`, as is one that exhausts its thread's heap.
 */
export class EnginePool implements DocumentEngine {
  private readonly pool: Piscina<EngineTask & { [key: symbol]: QueueOptions }, EngineAnswer>;

  constructor(private readonly options: EnginePoolOptions) {
    this.pool = new Piscina({
      ...workerEntry(options.worker),
      name: 'default',
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      taskQueue: new FairQueue(),
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
  }

  async run(job: DocumentJob): Promise<JobOutcome> {
    return (await this.dispatch({ job }, job.workspaceId)) as JobOutcome;
  }

  async runGobl(job: GoblJob): Promise<GoblOutcome> {
    return (await this.dispatch({ gobl: job }, job.workspaceId)) as GoblOutcome;
  }

  private async dispatch(work: { job: DocumentJob } | { gobl: GoblJob }, workspaceId: string): Promise<JobOutcome | GoblOutcome> {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const watch = this.watchTime(started);
    let answer: EngineAnswer;
    try {
      answer = await this.pool.run({ ...work, started, [Piscina.queueOptionsSymbol]: { workspaceId } });
    } catch (error) {
      if (watch.expired()) throw tooComplex(`it took longer than ${this.options.timeLimitMs / 1000} s`);
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooComplex(`it needs more than ${this.options.memoryMb} MB`);
      throw error;
    } finally {
      watch.cancel();
    }
    this.options.observeSeconds?.(answer.seconds);
    if (!answer.ok) throw new DomainError(answer.key, answer.message, answer.details);
    return answer.outcome;
  }

  /** Lets the documents in hand finish, then stops the threads. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * The time limit counts from when a thread takes the document, not from when it was queued: the thread
   * writes its id into `started`, and is the one stopped when the limit passes. (Piscina's own abort
   * signal would do it too, but its queue keeps abortable tasks apart, outside the fair queue.)
   */
  private watchTime(started: Int32Array): { expired(): boolean; cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    let expired = false;
    const begin = () => {
      if (done) return;
      timer = setTimeout(() => {
        expired = true;
        const threadId = Atomics.load(started, 0);
        void this.pool.threads.find((thread) => thread.threadId === threadId)?.terminate();
      }, this.options.timeLimitMs);
    };
    const wait = Atomics.waitAsync(started, 0, 0);
    if (wait.async) void wait.value.then(begin);
    else begin();
    return {
      expired: () => expired,
      cancel() {
        done = true;
        clearTimeout(timer);
        // Settle a wait that never saw the task start, so that nothing is left pending.
        if (Atomics.compareExchange(started, 0, 0, -1) === 0) Atomics.notify(started, 0);
      },
    };
  }
}
