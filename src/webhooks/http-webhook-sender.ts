import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { SendOutcome, WebhookMessage, WebhookSender } from '../domain/webhooks/webhook-sender.port';
import { hostOf, isLocalName, isPublicAddress, isRefusedLiteral } from './address-check';
import { sendErrorClass } from './send-error';
import { signatureHeader } from './webhook-signature';

/** The longest one attempt may take, connection to the answer's end. */
export const SEND_TIMEOUT_MS = 10_000;
/** The most of an answer read: the rest is cut. */
export const ANSWER_READ_BYTES = 64 * 1024;
/** The most of an answer kept with the attempt. */
export const EXCERPT_BYTES = 1024;

export interface SenderPolicy {
  /** WEBHOOK_ALLOW_HTTP. */
  allowHttp: boolean;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Told with a refusal, so that whoever runs a receiver on their own machine finds the setting that allows it. */
const ALLOW_PRIVATE_HINT = ' (WEBHOOK_ALLOW_PRIVATE=true allows private and loopback addresses)';
const ALLOW_HTTP_HINT = ' (WEBHOOK_ALLOW_HTTP=true allows http:)';
const BOTH_HINT = ' (WEBHOOK_ALLOW_HTTP=true allows http:, and WEBHOOK_ALLOW_PRIVATE=true private and loopback addresses)';

/** How long an idle connection to an endpoint is kept. */
const KEEP_ALIVE_MS = 4_000;
/**
 * Idle connections kept per host. Connections in use are bounded by the dispatcher's concurrency, not here: a
 * request waiting for a connection would spend its time limit in a queue.
 */
const AGENT_OPTIONS: http.AgentOptions = { keepAlive: true, timeout: KEEP_ALIVE_MS, maxFreeSockets: 16 };

/** Text of at most `bytes` UTF-8 bytes, never a cut character. */
function excerptOf(buffer: Buffer, bytes: number): string {
  let text = buffer.subarray(0, bytes).toString('utf8');
  while (Buffer.byteLength(text) > bytes || text.endsWith('\uFFFD')) text = text.slice(0, -1);
  return text;
}

/**
 * Sends webhooks over HTTP(S) without reaching what it must not (SSRF): the URL's host is resolved, every
 * address checked, and the connection made to a checked address (the `lookup` Node connects with is this
 * check), with the URL's own Host and SNI: a name that resolves to a public address when registered and to a
 * private one later (DNS rebinding) is refused at the connection. No redirect is followed; an attempt takes at
 * most SEND_TIMEOUT_MS and reads at most ANSWER_READ_BYTES of the answer.
 */
export class HttpWebhookSender implements WebhookSender {
  /**
   * Connections kept alive between attempts, per host name and port: one is reused only for the name it was made
   * (and its address checked) for. Idle ones close after KEEP_ALIVE_MS, under the 5 s most servers keep them.
   */
  private readonly agents = {
    http: new http.Agent(AGENT_OPTIONS),
    https: new https.Agent(AGENT_OPTIONS),
  };

  constructor(private readonly policy: SenderPolicy) {}

  async refusalOf(url: string): Promise<string | undefined> {
    const parsed = this.parse(url);
    if (typeof parsed === 'string') return parsed;
    if (this.policy.allowPrivate) return undefined;
    const host = hostOf(parsed);
    if (isIP(host)) return isPublicAddress(host) ? undefined : `${host} is not a public address${ALLOW_PRIVATE_HINT}`;
    if (isLocalName(host)) return `${host} is this host${ALLOW_PRIVATE_HINT}`;
    let addresses: dns.LookupAddress[];
    try {
      addresses = await dns.promises.lookup(host, { all: true });
    } catch {
      return `${host} does not resolve`;
    }
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return `${host} resolves to ${refused.address}, not a public address${ALLOW_PRIVATE_HINT}`;
    return addresses.length === 0 ? `${host} does not resolve` : undefined;
  }

  /** The URL, or why it is refused before any lookup: its scheme, credentials in it, a local name or address. */
  private parse(url: string): URL | string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return 'not an absolute URL';
    }
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && this.policy.allowHttp)) {
      if (this.policy.allowHttp) return 'must be an http or https URL';
      if (parsed.protocol !== 'http:') return 'must be an https URL';
      // A receiver on one's own machine (http://localhost:3000/) needs both settings: both are named at once.
      const local = !this.policy.allowPrivate && isRefusedLiteral(hostOf(parsed));
      return local ? `must be an https URL${BOTH_HINT}` : `must be an https URL${ALLOW_HTTP_HINT}`;
    }
    if (parsed.username || parsed.password) return 'must not hold credentials';
    return parsed;
  }

  async send(message: WebhookMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const started = Date.now();
    const outcome = (fields: Answer): SendOutcome => ({
      status: fields.status,
      excerpt: fields.excerpt,
      error: fields.error,
      durationMs: Date.now() - started,
    });
    const parsed = this.parse(message.url);
    if (typeof parsed === 'string') return outcome({ error: 'refused url' }); // its scheme no longer allowed (WEBHOOK_ALLOW_HTTP turned off)
    // Node connects to an IP literal without a lookup: it is checked here.
    if (!this.policy.allowPrivate && isRefusedLiteral(hostOf(parsed))) {
      return outcome({ error: 'refused address' });
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(message.body)),
      'user-agent': 'document-entry-service-webhooks',
      'webhook-id': message.webhookId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(message.secrets, message.webhookId, timestamp, message.body),
    };
    const first = await this.exchange(parsed, headers, message.body, signal);
    // A kept-alive connection the endpoint closed as it was being reused: sent again on another, once.
    return outcome(first.stale ? await this.exchange(parsed, headers, message.body, signal) : first);
  }

  /** Idle connections closed; later attempts open new ones (the service is stopping). */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** One request and its answer; `stale` when a reused connection failed before any answer. */
  private exchange(url: URL, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<Answer> {
    const secure = url.protocol === 'https:';
    return new Promise<Answer>((resolve) => {
      let settled = false;
      const finish = (fields: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(fields);
      };
      const request = (secure ? https : http).request(url, {
        method: 'POST',
        headers,
        agent: secure ? this.agents.https : this.agents.http,
        lookup: this.policy.allowPrivate ? undefined : checkedLookup,
      });
      const timeoutMs = this.policy.timeoutMs ?? SEND_TIMEOUT_MS;
      const timer = setTimeout(() => {
        finish({ error: 'timeout' });
        request.destroy();
      }, timeoutMs);
      const onAbort = () => {
        finish({ error: 'interrupted' });
        request.destroy();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let answered = false;
      request.on('error', (error: NodeJS.ErrnoException) => {
        const stale = request.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish({ error: sendErrorClass(error), stale });
      });
      request.on('response', (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish({ status: response.statusCode, excerpt: excerptOf(Buffer.concat(chunks), EXCERPT_BYTES) });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_READ_BYTES) {
            done();
            request.destroy(); // the rest is not read (nor the connection kept)
          }
        });
        response.on('end', done);
        response.on('error', done);
        response.on('aborted', done);
      });
      request.end(body);
    });
  }
}

/** What an exchange gave: an answer, or why there was none. */
interface Answer {
  status?: number;
  excerpt?: string;
  error?: string;
  stale?: boolean;
}

/** A host's addresses as dns.lookup gives them, refused (an error) when any of them is not public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  if (isLocalName(hostname)) {
    callback(Object.assign(new Error(`${hostname} is this host`), { code: 'EREFUSEDADDRESS' }), '', 4);
    return;
  }
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const reason = refused ? `${hostname} resolves to ${refused.address}, not a public address` : `${hostname} does not resolve`;
      return callback(Object.assign(new Error(reason), { code: 'EREFUSEDADDRESS' }), '', 4);
    }
    if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
};
