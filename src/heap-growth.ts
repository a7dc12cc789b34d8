import { setFlagsFromString } from 'node:v8';

/**
 * Bounds how far each thread's heap grows between full collections: to `percent` above what the last one kept.
 * Left to itself, V8 lets a heap that it collects quickly grow to several times what it keeps, so under load the
 * HTTP thread held about 190 MB for 50 MB of live objects, and each engine thread its own share of garbage. The
 * flag is read at each collection by every thread of the process, the engine's included (V8's flags are the
 * process's), so it is set once, at start; 0 leaves V8's own choice. Measured in bench/README.md (Memory).
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
