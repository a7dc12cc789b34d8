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
  /** Throughput of each stretch on its own, in the order run: the targets compare scenarios round by round. */
  rounds?: { rps: number }[];
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
export async function runSlice(url: string, request: HttpRequest, options: LoadOptions): Promise<LoadSlice> {
  const [slice] = await runInTurn(url, [request], options);
  return slice;
}

/**
 * Drives several request shapes on the same connections: each connection sends them in turn, one at a
 * time (autocannon walks its list of requests per connection), so every shape meets the same moments of
 * the machine and their latencies compare even on a host whose load comes and goes. One slice per shape;
 * connection errors and timeouts cannot be told apart by shape and count against each.
 */
export function runInTurn(url: string, requests: HttpRequest[], options: LoadOptions): Promise<LoadSlice[]> {
  const latencies = requests.map((): number[] => []);
  const answers = requests.map(() => ({ requests: 0, ok: 0 }));
  const sentBy = new Map<unknown, number>();
  let answered = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
        ...(options.rate ? { overallRate: options.rate } : {}),
        timeout: 30,
        requests: requests.map(({ setupRequest, ...base }) =>
          setupRequest ? { ...base, setupRequest: setupRequest as unknown as autocannon.Request['setupRequest'] } : base,
        ),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(
          answers.map((a, i) => ({
            seconds: result.duration,
            requests: a.requests,
            ok: a.ok,
            non2xx: a.requests - a.ok,
            errors: result.errors,
            latencies: latencies[i],
          })),
        );
      },
    );
    instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      // One request at a time per connection, in the order of the list: the nth answer is to request n mod length.
      const n = sentBy.get(client) ?? 0;
      sentBy.set(client, n + 1);
      const shape = n % requests.length;
      answers[shape].requests++;
      if (statusCode >= 200 && statusCode < 300) {
        answers[shape].ok++;
        latencies[shape].push(responseTime);
      }
      answered++;
      options.onResponse?.(answered);
    });
  });
}

/** Answers per second, to a tenth. */
const rpsOf = (answers: number, seconds: number) => Math.round((answers / seconds) * 10) / 10;

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
    rps: rpsOf(
      sum((s) => s.ok),
      seconds,
    ),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    latency: summarize(slices.flatMap((s) => s.latencies)),
    rounds: slices.map((slice) => ({ rps: rpsOf(slice.ok, slice.seconds) })),
  };
}

export async function runLoad(url: string, request: HttpRequest, options: LoadOptions): Promise<LoadResult> {
  return combine([await runSlice(url, request, options)], options);
}
