import { readFileSync } from 'node:fs';
import type { ThreadHeapsMb } from './results';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Each thread's V8 heap, from the service's GET /metrics (the HTTP thread's from prom-client, the engine's own). */
export async function threadHeaps(url: string): Promise<ThreadHeapsMb> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  const engineMb = [...text.matchAll(/^engine_thread_heap_bytes\{thread="\d+"\} (\d+)/gm)].map((match) => mb(Number(match[1])));
  return { http: { totalMb: mb(value('nodejs_heap_size_total_bytes')), usedMb: mb(value('nodejs_heap_size_used_bytes')) }, engineMb };
}

/** "HTTP thread 99.1 MB (56.2 in use), engine threads 36.3 and 36.0 MB". */
export const describeThreadHeaps = (heaps: ThreadHeapsMb): string =>
  `HTTP thread ${heaps.http.totalMb} MB (${heaps.http.usedMb} in use), engine threads ${heaps.engineMb.map(String).join(' and ') || 'none'} MB`;

/** Resident memory of another process, read from /proc/<pid>/status (Linux), in MB. */
export function readStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined; // not Linux, or the process is gone
  }
}

/**
 * Samples a process's RSS every `intervalMs` and keeps the peak of the current window (one scenario)
 * and of the whole life of the sampler.
 */
export class RssSampler {
  private timer?: NodeJS.Timeout;
  private windowPeak = 0;
  private overallPeak = 0;

  constructor(
    readonly pid: number,
    private readonly intervalMs = 50,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The RSS now, in MB. */
  now(): number {
    return this.sample();
  }

  /** Starts a new window; returns the peak of the window that ends. */
  mark(): number {
    const peak = Math.max(this.windowPeak, this.sample());
    this.windowPeak = 0;
    return peak;
  }

  /** The peak over the whole run: the larger of the samples and the kernel's own high-water mark. */
  peak(): number {
    return Math.max(this.overallPeak, readStatusMb(this.pid, 'VmHWM') ?? 0);
  }

  private sample(): number {
    const mb = readStatusMb(this.pid, 'VmRSS') ?? 0;
    if (mb > this.windowPeak) this.windowPeak = mb;
    if (mb > this.overallPeak) this.overallPeak = mb;
    return mb;
  }
}
