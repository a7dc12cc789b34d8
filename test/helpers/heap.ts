import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Bytes of heap still held after `run`, garbage collected before and after: what a cache kept. */
export async function retainedHeap(run: () => Promise<void>): Promise<number> {
  gc();
  const before = process.memoryUsage().heapUsed;
  await run();
  gc();
  return process.memoryUsage().heapUsed - before;
}

export const MB = 1024 ** 2;
