import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the priority of the threads the process has before the service starts any of its own: V8's helper
 * threads (and Node's few others). V8 runs part of every thread's garbage collection on those helpers, the
 * engine's threads' included, and they start at the HTTP thread's priority. A document that fills an engine
 * thread's heap (a body of empty lines) kept them busy marking it, and the HTTP thread's own collection waited
 * for them: its event loop was held 85–176 ms where it was 22–25 ms once the helpers ran at the engine's priority
 * (`npm run bench -- --only neighbours`). When the engine is idle a lower priority changes nothing.
 *
 * Linux only (a thread is addressed by its id there); elsewhere, or where the call is refused, nothing changes.
 * Returns how many threads were lowered. Call it first, before any worker thread exists.
 */
export function lowerHelperThreads(nice: number): number {
  if (process.platform !== 'linux' || nice <= 0) return 0;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const task of tasks) {
    const tid = Number(task);
    if (!Number.isInteger(tid) || tid === process.pid) continue; // the main thread is the HTTP thread
    try {
      setPriority(tid, nice);
      lowered += 1;
    } catch {
      // a sandbox may refuse it; the service runs as before
    }
  }
  return lowered;
}
