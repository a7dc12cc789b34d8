/**
 * The reference engine as a long-lived child process speaking one JSON line in, one JSON line out.
 * It is started on first use and again whenever it dies or stops answering; `restart()` gives a fresh one.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { JsonObject } from '../../src/document/base/types';

export interface OracleOptions {
  /** The command and its arguments, e.g. the binary's path. */
  command: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Longest wait for one answer before the process is killed and the answer counted as a crash. */
  timeoutMs?: number;
}

export class OracleProcess {
  private child?: ChildProcessWithoutNullStreams;
  private waiting?: { resolve: (line: string) => void; reject: (err: Error) => void };
  private stderrTail = '';
  /** How many processes were started, the first included. */
  starts = 0;

  constructor(private readonly opts: OracleOptions) {}

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.opts.command, this.opts.args ?? [], { env: this.opts.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.starts++;
    this.stderrTail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      if (this.child !== child) return;
      const w = this.waiting;
      this.waiting = undefined;
      w?.resolve(line);
    });
    const gone = (why: string) => {
      // A process ended on purpose, or replaced already, has nobody waiting on it.
      if (this.child !== child) return;
      this.child = undefined;
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(new Error(`the reference process ${why}${this.stderrTail ? `: ${this.stderrTail.trim().slice(-500)}` : ''}`));
    };
    child.on('exit', (code, signal) => gone(`exited (${signal ?? code})`));
    child.on('error', (err) => gone(`failed: ${err.message}`));
    child.stdin.on('error', () => undefined);
    this.child = child;
    return child;
  }

  /** Sends one value; answers the parsed line, or a `{"panic"}` line when the process died or hung on it. */
  async ask(value: unknown): Promise<JsonObject> {
    const child = this.child ?? this.start();
    const text = JSON.stringify(value)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer within ${this.opts.timeoutMs ?? 30000} ms`)),
          this.opts.timeoutMs ?? 30000,
        );
        this.waiting = {
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        };
        child.stdin.write(`${text}\n`);
      });
      return JSON.parse(line) as JsonObject;
    } catch (err) {
      this.stop();
      return { panic: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Ends the current process; the next question starts a fresh one. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    this.waiting = undefined;
    if (child) {
      child.stdin.end();
      child.kill();
    }
  }

  restart(): void {
    this.stop();
  }
}
