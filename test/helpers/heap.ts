import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Lets timers that a long collection made late run before the test sends its next request. The server under test
 * runs in this process: past its headers timeout (10 s), its connection check, once it runs, resets an idle
 * keep-alive connection, and a request already sent on it with it (seen on Node 20 and 24, the loop held 10.5 s).
 */
export const timersCaughtUp = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Bytes of heap still held after `run`, garbage collected before and after: what a cache kept. */
export async function retainedHeap(run: () => Promise<void>): Promise<number> {
  gc();
  const before = process.memoryUsage().heapUsed;
  await timersCaughtUp();
  await run();
  gc();
  const after = process.memoryUsage().heapUsed;
  await timersCaughtUp();
  return after - before;
}

export const MB = 1024 ** 2;
