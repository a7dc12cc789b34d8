import autocannon from 'autocannon';
import type { HttpRequest } from './scenarios';
import { summarize, type LatencySummary } from './stats';

export interface LoadOptions {
  connections: number;
  /** Seconds of load; ignored when `amount` is set. */
  seconds: number;
  /** Fixed request rate over all connections; none for as fast as the service answers. */
  rate?: number;
  /** A number of requests instead of a duration. */
  amount?: number;
  /** Called after each response with the number answered so far. */
  onResponse?: (answered: number) => void;
}

export interface LoadResult {
  mode: 'concurrency' | 'rate';
  connections: number;
  rate?: number;
  seconds: number;
  requests: number;
  rps: number;
  /** Answers other than 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  /** Latency of the 2xx answers, from autocannon's own per-response timing. */
  latency: LatencySummary;
}

/** One stretch of load: the raw figures, which stretches of the same scenario add up. */
export interface LoadSlice {
  seconds: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Latency of each 2xx answer, ms, from autocannon's own per-response timing. */
  latencies: number[];
}

/**
 * Drives one request shape with autocannon: at fixed concurrency (each connection sends its next request
 * when the previous one is answered) or at a fixed overall rate. Latencies are recorded per response so
 * that any percentile (p95 too) can be read.
 */
export function runSlice(url: string, request: HttpRequest, options: LoadOptions): Promise<LoadSlice> {
  const latencies: number[] = [];
  let answered = 0;
  const { setupRequest, ...base } = request;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
        ...(options.rate ? { overallRate: options.rate } : {}),
        timeout: 30,
        requests: [setupRequest ? { ...base, setupRequest: setupRequest as unknown as autocannon.Request['setupRequest'] } : base],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ seconds: result.duration, requests: result.requests.total, ok: result['2xx'], non2xx: result.non2xx, errors: result.errors, latencies });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      answered++;
      options.onResponse?.(answered);
    });
  });
}

/** The figures of a scenario from its stretches of load. */
export function combine(slices: LoadSlice[], options: { connections: number; rate?: number }): LoadResult {
  const sum = (pick: (slice: LoadSlice) => number) => slices.reduce((total, slice) => total + pick(slice), 0);
  const seconds = sum((s) => s.seconds);
  return {
    mode: options.rate ? 'rate' : 'concurrency',
    connections: options.connections,
    rate: options.rate,
    seconds,
    requests: sum((s) => s.requests),
    rps: Math.round((sum((s) => s.ok) / seconds) * 10) / 10,
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    latency: summarize(slices.flatMap((s) => s.latencies)),
  };
}

export async function runLoad(url: string, request: HttpRequest, options: LoadOptions): Promise<LoadResult> {
  return combine([await runSlice(url, request, options)], options);
}
