import { availableParallelism } from 'node:os';
import { integer } from './setting-kinds';

/** ENGINE_WORKSPACE_THREADS' default: half the threads, at least one, so one tenant never holds them all when there are two or more. */
export const workspaceThreadsOf = (threads: number) => Math.max(1, Math.floor(threads / 2));

/** ENGINE_QUEUE_LIMIT's and ENGINE_QUEUE_WORKSPACE_LIMIT's defaults: jobs waiting for an engine thread. */
export const ENGINE_QUEUE_DEFAULTS = { limit: 1000, workspaceLimit: 250 };

export const ENGINE_THREADS = integer({
  name: 'ENGINE_THREADS',
  description:
    'worker threads that run the document engine; `0` runs it on the HTTP thread, with no time or memory limit (for comparison only)',
  min: 0,
  default: () => availableParallelism(),
  defaultText: 'the number of cores',
});

export const ENGINE_TIME_LIMIT_MS = integer({
  name: 'ENGINE_TIME_LIMIT_MS',
  description:
    'longest a document may keep a thread, counted from when the thread takes it; past it the thread is stopped and replaced, and the answer is 422 `too-complex`',
  default: 10_000,
});

export const ENGINE_VALIDATION_TIME_LIMIT_MS = integer({
  name: 'ENGINE_VALIDATION_TIME_LIMIT_MS',
  description:
    "longest an e-invoice's validation by the official rules (`POST /silo/v1/formats/validate`, a received document, a workflow's " +
    '`validate_ubl`/`validate_cii`) may keep a thread, counted once the rules are read: the published Schematron takes seconds where ' +
    'a create takes milliseconds; past it, 422 `too-complex`',
  default: 30_000,
  min: 1_000,
});

export const ENGINE_MEMORY_MB = integer({
  name: 'ENGINE_MEMORY_MB',
  description:
    'heap of each engine thread, plus a young generation of 16 MB (set rather than left to V8, which gives Node 24 threads 192 MB ' +
    'of it); a document that needs more is 422 `too-complex`',
  default: 512,
  min: 64,
});

export const ENGINE_WORKSPACE_THREADS = integer({
  name: 'ENGINE_WORKSPACE_THREADS',
  description:
    "most engine threads one workspace's jobs hold at once; its other jobs wait in its own line of the queue, so one tenant's slow documents never hold every thread",
  default: (get) => workspaceThreadsOf(get(ENGINE_THREADS)),
  defaultText: 'half of `ENGINE_THREADS`, at least `1`',
});

export const ENGINE_QUEUE_LIMIT = integer({
  name: 'ENGINE_QUEUE_LIMIT',
  description:
    'most documents (creates, updates, GOBL tools) that may wait for an engine thread; past it a request is answered 503 ' +
    '`unavailable` with `Retry-After: 1` at once. A waiting document whose client closes the connection is dropped before a thread takes it',
  default: ENGINE_QUEUE_DEFAULTS.limit,
});

export const ENGINE_QUEUE_WORKSPACE_LIMIT = integer({
  name: 'ENGINE_QUEUE_WORKSPACE_LIMIT',
  description:
    "the share of that queue one workspace may fill (at most `ENGINE_QUEUE_LIMIT`): past it that workspace's requests are answered 503 while others still get in",
  default: (get) => Math.min(ENGINE_QUEUE_DEFAULTS.workspaceLimit, get(ENGINE_QUEUE_LIMIT)),
  defaultText: `\`${ENGINE_QUEUE_DEFAULTS.workspaceLimit}\` (or \`ENGINE_QUEUE_LIMIT\` when smaller)`,
  check: (workspaceLimit, get) => {
    const limit = get(ENGINE_QUEUE_LIMIT);
    return workspaceLimit > limit
      ? `ENGINE_QUEUE_WORKSPACE_LIMIT must be at most ENGINE_QUEUE_LIMIT (${limit}), got "${workspaceLimit}"`
      : undefined;
  },
});

export const ENGINE_NICE = integer({
  name: 'ENGINE_NICE',
  description:
    "how much lower (Linux nice levels) the engine threads' priority is than the HTTP thread's, so that requests are still " +
    "answered first when every core is busy with documents; V8's helper threads, which collect the engine threads' garbage " +
    'too, are lowered to it at start (`0`: nothing is lowered)',
  default: 10,
  min: 0,
  max: 19,
});

export const HEAP_GROWTH_PERCENT = integer({
  name: 'HEAP_GROWTH_PERCENT',
  description:
    "how far past what its last full garbage collection kept each thread's heap (the HTTP thread's, the engine's) may grow " +
    'before the next one; `0` leaves it to V8, which under load let the HTTP thread hold about four times its live objects ' +
    '(peak RSS under the performance mix 385 MB against 278 MB with `50`, at the same throughput; bench/README.md, Memory)',
  default: 50,
  min: 0,
  max: 300,
});

export const ENGINE_SETTINGS = [
  ENGINE_THREADS,
  ENGINE_TIME_LIMIT_MS,
  ENGINE_VALIDATION_TIME_LIMIT_MS,
  ENGINE_MEMORY_MB,
  ENGINE_WORKSPACE_THREADS,
  ENGINE_QUEUE_LIMIT,
  ENGINE_QUEUE_WORKSPACE_LIMIT,
  ENGINE_NICE,
  HEAP_GROWTH_PERCENT,
];
