import { countTransactionRetry } from '../metrics';

/**
 * Database failures that are not the request's fault and not a bug: the statement may succeed if tried again
 * (a deadlock, or on a Galera cluster a certification conflict between nodes, which it reports as a deadlock;
 * a node that is still joining), or the database cannot be reached at all. The first kind is retried here;
 * what is left after the retries is answered 503 with Retry-After, never a bare 500.
 */

interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
}

/** MySQL/MariaDB error numbers worth another try: the same statement may well succeed a moment later. */
const RETRYABLE_ERRNOS = new Set([
  1213, // ER_LOCK_DEADLOCK; also Galera's certification conflict between nodes
  1205, // ER_LOCK_WAIT_TIMEOUT
  1047, // ER_UNKNOWN_COM_ERROR: Galera's "WSREP has not yet prepared node for application use"
  1180, // ER_ERROR_DURING_COMMIT: a commit refused by the cluster
]);

/** Codes of a database that cannot be reached, or went away in the middle of a statement. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR', // too many connections
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
]);
const UNREACHABLE_ERRNOS = new Set([1040, 1053, 2002, 2003, 2006, 2013]);

function driverErrorOf(error: unknown): DriverError | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const wrapped = (error as { driverError?: DriverError }).driverError;
  return wrapped ?? (error as DriverError);
}

/**
 * MySQL/MariaDB refused a statement bigger than its `max_allowed_packet` (ER_NET_PACKET_TOO_LARGE): the request's
 * data is too large to store, which no retry changes. The server then closes the connection, so whatever is sent
 * on it next meets a reset (ECONNRESET): the connection must not go back to the pool.
 */
export function isPacketTooLarge(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.errno === 1153 || driverError?.code === 'ER_NET_PACKET_TOO_LARGE';
}

/** True for a failure that another try of the same transaction may not meet. */
export function isRetryable(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.errno !== undefined && RETRYABLE_ERRNOS.has(driverError.errno);
}

/** True when the database could not serve the request: unreachable, or still failing after the retries. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const driverError = driverErrorOf(error);
  if (!driverError) return false;
  if (isRetryable(error)) return true;
  if (driverError.code && UNREACHABLE_CODES.has(driverError.code)) return true;
  if (driverError.errno !== undefined && UNREACHABLE_ERRNOS.has(driverError.errno)) return true;
  // mysql2's pool, once the server went away, and TypeORM without a connection.
  return /Pool is closed|Connection lost|connect ETIMEDOUT/i.test(driverError.message ?? '');
}

export interface RetryOptions {
  /** Tries in all, the first included. */
  attempts?: number;
  /** The first pause; each next one doubles, with jitter. */
  baseDelayMs?: number;
  /** The longest pause, however many tries came before. */
  maxDelayMs?: number;
}

/**
 * Runs `work` (a whole transaction: it must be safe to run again from the start) and runs it again, after a
 * jittered, growing pause, while it fails with a retryable error. Any other error is thrown at once.
 */
export async function withRetries<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const base = options.baseDelayMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      countTransactionRetry();
      const pause = Math.min(base * 2 ** (attempt - 1), options.maxDelayMs ?? Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
    }
  }
}
