import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedHook {
  /** The path and query it was POSTed to. */
  path: string;
  headers: Record<string, string>;
  body: string;
  payload: any;
  /** The status it was answered with. */
  answered: number;
}

/**
 * A real webhook receiver on 127.0.0.1: it records each POST and answers what `answer` says (200 unless told).
 * `verifies(hook, secret)` checks a delivery with the standardwebhooks package, as a receiver would.
 */
export class WebhookReceiver {
  readonly hooks: ReceivedHook[] = [];
  answer: (hook: Omit<ReceivedHook, 'answered'>, index: number) => number = () => 200;
  /** How long each answer is held back. */
  delayMs = 0;
  /** POSTs that arrived for a path while another to the same path was unanswered: one endpoint served twice at once. */
  overlaps = 0;
  private readonly inFlight = new Set<string>();
  /** Answers held back (`delayMs`), dropped when it stops. */
  private readonly answering = new Set<NodeJS.Timeout>();
  /** Connections open now, and the most that were ever open at once. */
  openConnections = 0;
  mostConnections = 0;
  private server: http.Server | undefined;
  port = 0;
  /**
   * A path of this receiver's own: a POST to another path is answered 410 and kept in `strangers`, not in `hooks`.
   * The test suites run side by side, each with servers of its own, and a server of one may still be retrying a
   * delivery to a receiver that has stopped when another suite's receiver is given the same port.
   */
  readonly prefix = `/r-${randomBytes(6).toString('hex')}`;
  readonly strangers: string[] = [];

  /** This receiver's address, under which a test names its endpoints' paths (`${rx.base}/slow`). */
  get base(): string {
    return `http://127.0.0.1:${this.port}${this.prefix}`;
  }

  get url(): string {
    return `${this.base}/hook`;
  }

  /** Listens (again, on the same port when it listened before). */
  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
        const fullPath = req.url ?? '';
        if (!fullPath.startsWith(`${this.prefix}/`)) {
          this.strangers.push(fullPath);
          res.writeHead(410, { connection: 'close' }).end('not this receiver');
          return;
        }
        // The path as the test wrote it, after this receiver's own prefix.
        const path = fullPath.slice(this.prefix.length);
        const hook = { path, headers, body, payload: JSON.parse(body) };
        const answered = this.answer(hook, this.hooks.length);
        if (this.inFlight.has(path)) this.overlaps++;
        this.inFlight.add(path);
        const timer = setTimeout(() => {
          this.answering.delete(timer);
          this.inFlight.delete(path);
          this.hooks.push({ ...hook, answered });
          res.writeHead(answered, { 'content-type': 'text/plain', connection: 'close' }).end(`answered ${answered}`);
        }, this.delayMs);
        this.answering.add(timer);
      });
    });
    server.on('connection', (socket) => {
      this.mostConnections = Math.max(this.mostConnections, ++this.openConnections);
      socket.on('close', () => this.openConnections--);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const timer of this.answering) clearTimeout(timer);
    this.answering.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Hooks answered 2xx. */
  get accepted(): ReceivedHook[] {
    return this.hooks.filter((hook) => hook.answered >= 200 && hook.answered < 300);
  }
}

/** Whether the hook's signature verifies with the secret (the standardwebhooks package judges). */
export function verifies(hook: ReceivedHook, secret: string): boolean {
  try {
    new Webhook(secret).verify(hook.body, hook.headers);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` holds, reading again every 50 ms, for at most `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * What every webhook test's server runs with: http and private addresses allowed (the receivers are on
 * 127.0.0.1), due endpoints looked for every 100 ms, and the retry schedule shortened 100,000 times (three days are
 * 2.6 s).
 */
export const WEBHOOK_TEST_ENV = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_RETRY_SCALE: '0.00001',
};

/** Receivers a test file starts, each answering after `delayMs`; `stopAll` (in an afterEach or afterAll) stops them. */
export class ReceiverPool {
  private readonly started: WebhookReceiver[] = [];

  async start(delayMs = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.delayMs = delayMs;
    this.started.push(await receiver.start());
    return receiver;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.started.splice(0).map((receiver) => receiver.stop()));
  }
}
