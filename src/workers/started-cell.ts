/**
 * The shared cells in which a worker thread writes, as it takes a task, when it began and its thread id (the id
 * last: a watchdog that reads an id also reads the time). The time limit counts from there, however late the
 * HTTP thread's watchdog comes round.
 */
export type StartedCell = BigInt64Array;

const THREAD_ID = 0;
const AT_MS = 1;

/** Milliseconds since the epoch, comparable between threads (each thread's own time origin plus its clock). */
const epochMs = () => performance.timeOrigin + performance.now();

export const newStartedCell = (): StartedCell => new BigInt64Array(new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT));

export function markStarted(cell: StartedCell, threadId: number): void {
  Atomics.store(cell, AT_MS, BigInt(Math.round(epochMs())));
  Atomics.store(cell, THREAD_ID, BigInt(threadId));
}

/** The thread on the task and how long it has run, or undefined while it still waits for one. */
export function runningFor(cell: StartedCell): { threadId: number; ms: number } | undefined {
  const threadId = Number(Atomics.load(cell, THREAD_ID));
  return threadId === 0 ? undefined : { threadId, ms: epochMs() - Number(Atomics.load(cell, AT_MS)) };
}
