/**
 * The HTTP client of a copy: GET requests to a remote silo v1 API, retried while the remote is busy or the
 * network fails, stopped at once when the remote refuses the token. Node's own fetch, so no dependency.
 */

/** Answers worth asking again: rate limits and a remote (or its proxy) that is briefly unavailable. */
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

export interface RemoteClientOptions {
  /** The remote's base URL, e.g. `https://api.example.com`; routes are resolved against it. */
  baseUrl: string;
  token: string;
  /** Limit of one request, answer body included (default 30 s): a stalled answer is abandoned and retried. */
  timeoutMs?: number;
  /** Attempts of one request before the remote counts as unavailable (default 8). */
  maxAttempts?: number;
  /** The first backoff (default 500 ms), doubled per attempt, and its ceiling (default 30 s). */
  backoffMs?: number;
  backoffCapMs?: number;
  /** The longest `Retry-After` honoured (default 60 s), so a remote cannot park the copy for hours. */
  retryAfterCapMs?: number;
  /** Told of each retry, for the CLI's log. */
  onRetry?: (retry: { url: string; attempt: number; reason: string; delayMs: number }) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The remote refused the token: retrying cannot help, so the copy stops. */
export class RemoteRefusedError extends Error {
  constructor(readonly status: number) {
    super(
      status === 401
        ? 'the remote refused the token (401): check --token'
        : 'the remote refused the token (403): check --token and that it is a token of --workspace',
    );
  }
}

/** The remote could not be reached, or stayed busy, through every attempt. */
export class RemoteUnavailableError extends Error {}

/** Any other answer than 2xx: for the caller to judge (a 404 of one entry is that entry's failure). */
export class RemoteStatusError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(`GET ${url} answered ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

export interface RemoteAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Why a fetch threw, in a few words: the error code of the socket (ECONNRESET...) or the timeout. */
function networkReason(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timed out';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

export class RemoteClient {
  readonly baseUrl: URL;
  private readonly options: Required<Omit<RemoteClientOptions, 'onRetry'>> & Pick<RemoteClientOptions, 'onRetry'>;

  constructor(options: RemoteClientOptions) {
    // A base with a path (`https://host/prefix`) keeps it: routes are appended, not resolved from the root.
    this.baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.options = {
      timeoutMs: 30_000,
      maxAttempts: 8,
      backoffMs: 500,
      backoffCapMs: 30_000,
      retryAfterCapMs: 60_000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      random: Math.random,
      ...options,
    };
  }

  /** The absolute URL of a route (`silo/v1/entries`) with its query. */
  route(path: string, query: Record<string, string | undefined> = {}): URL {
    const url = new URL(path.replace(/^\//, ''), this.baseUrl);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
    return url;
  }

  /** A route's JSON answer; any status but 2xx throws (see the error classes). */
  async json<T = Record<string, unknown>>(url: URL): Promise<T> {
    const answer = await this.get(url, { withToken: true });
    try {
      return JSON.parse(answer.body.toString('utf8')) as T;
    } catch {
      throw new RemoteStatusError(url.href, answer.status, undefined, 'the answer is not JSON');
    }
  }

  /**
   * The bytes at a URL. The token goes only to the remote's own origin and never with a signed link: a file's
   * `url` may point at another host (a storage bucket), which must not see it.
   */
  async bytes(url: URL): Promise<Buffer> {
    const signed = url.searchParams.has('signature');
    const withToken = url.origin === this.baseUrl.origin && !signed;
    return (await this.get(url, { withToken })).body;
  }

  private async get(url: URL, { withToken }: { withToken: boolean }): Promise<RemoteAnswer> {
    const o = this.options;
    for (let attempt = 1; ; attempt++) {
      let reason: string;
      let delayMs: number | undefined;
      try {
        const response = await fetch(url, {
          headers: withToken ? { authorization: `Bearer ${o.token}`, accept: 'application/json' } : {},
          redirect: 'follow',
          signal: AbortSignal.timeout(o.timeoutMs),
        });
        // The body is read inside the attempt: a connection reset in the middle of it is retried like any other.
        const body = Buffer.from(await response.arrayBuffer());
        if (response.ok) return { status: response.status, headers: response.headers, body };
        if ((response.status === 401 || response.status === 403) && withToken) throw new RemoteRefusedError(response.status);
        if (!RETRIED_STATUSES.has(response.status)) throw statusError(url, response.status, body);
        reason = `${response.status}`;
        const asked = retryAfterMs(response.headers.get('retry-after'));
        if (asked !== undefined) delayMs = Math.min(asked, o.retryAfterCapMs);
      } catch (error) {
        if (error instanceof RemoteRefusedError || error instanceof RemoteStatusError) throw error;
        reason = networkReason(error);
      }
      if (attempt >= o.maxAttempts) {
        throw new RemoteUnavailableError(`GET ${url.href} failed ${attempt} times (last: ${reason}); the remote is unavailable`);
      }
      // Exponential backoff with jitter: half the step fixed, half random, so many clients do not retry in step.
      const step = Math.min(o.backoffCapMs, o.backoffMs * 2 ** (attempt - 1));
      delayMs ??= step / 2 + o.random() * (step / 2);
      o.onRetry?.({ url: url.href, attempt, reason, delayMs });
      await o.sleep(delayMs);
    }
  }
}

function statusError(url: URL, status: number, body: Buffer): RemoteStatusError {
  let code: string | undefined;
  let message = '';
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { code?: unknown; key?: unknown; message?: unknown };
    code = typeof parsed.code === 'string' ? parsed.code : typeof parsed.key === 'string' ? parsed.key : undefined;
    message = typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    // not the contract's error body: the status alone says it
  }
  return new RemoteStatusError(url.href, status, code, message);
}
