import v8 from 'node:v8';
import vm from 'node:vm';
import { timersCaughtUp } from './heap';

/** The error keys each status of the contract may carry (section 5, and this service's too-complex). */
export const CONTRACT_KEYS: Record<number, string[]> = {
  400: ['input'],
  401: ['unauthorized'],
  404: ['not-found'],
  405: ['method-not-allowed'],
  409: ['conflict'],
  413: ['payload-too-large'],
  415: ['unsupported-media-type'],
  422: ['unknown-schema', 'calculation', 'validation', 'patch', 'too-complex'],
};

/** What must never reach a client: stack frames, driver and SQL error names, file paths. */
const LEAK_PATTERN =
  /\bat [^\s]+ \(|\bat \/|node_modules|QueryFailedError|SqliteError|SQLITE_|\bER_[A-Z_]+|sqlMessage|\/src\/|\.ts:\d+|\.js:\d+/;

/**
 * Whether an answer leaks internals. A signed link's `scope` and `signature` are random base64url, which now and
 * then spells `-ER_X` (a MariaDB error's name to the pattern): one link in 50,000, so an answer listing a thousand
 * files' links read as a leak one time in fifty. Those values are left out of the scan.
 */
export const LEAKS = { test: (text: string): boolean => LEAK_PATTERN.test(text.replace(/\b(scope|signature)=[A-Za-z0-9_-]+/g, '$1=')) };

/** Problems with an answer, against the contract: empty when it is fine. */
export function contractProblems(status: number, contentType: string | null, text: string, allowed: number[]): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (!allowed.includes(status)) problems.push(`status ${status} not in ${allowed.join('/')}`);
  if (LEAKS.test(text)) problems.push(`leaks internals: ${text.slice(0, 300)}`);
  if (status >= 400) {
    if (!/^application\/json/.test(contentType ?? '')) problems.push(`error with content-type ${contentType}`);
    let body: { key?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`error body is not JSON: ${text.slice(0, 200)}`);
    }
    if (body) {
      if (!(CONTRACT_KEYS[status] ?? []).includes(body.key as string)) problems.push(`status ${status} with key ${String(body.key)}`);
      if (typeof body.message !== 'string') problems.push('error without a message');
    }
  }
  return problems;
}

/** A real garbage collection, with or without --expose-gc. */
export function collectGarbage(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Heap in use after two full collections, in MiB. */
export async function settledHeapMiB(): Promise<number> {
  const gc = collectGarbage();
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const heapUsed = process.memoryUsage().heapUsed;
  await timersCaughtUp();
  return heapUsed / 1024 / 1024;
}
