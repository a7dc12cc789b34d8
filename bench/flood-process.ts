import { fork } from 'node:child_process';

/**
 * A busy workspace of the benches, in a process of its own so that the load generator measuring its neighbour does
 * not also carry its event loop (a real tenant's loop runs on its own machine): it sends one request `attempts`
 * times, `concurrency` at once, each connection asking again the moment it is answered, for `seconds` at most, and
 * reports the answers by status.
 */
export interface FloodOrder {
  url: string;
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
  attempts: number;
  concurrency: number;
  seconds: number;
}
export interface FloodReport {
  attempts: number;
  statuses: Record<number, number>;
  seconds: number;
}
type ChildReport = { done: FloodReport } | { failed: string };

/** The argument that makes this module the flood's child process, and not a module some bench imports. */
const CHILD = '--flood-child';

/** Runs the flood in a child process; resolves with its report once it has ended. */
export function flood(order: FloodOrder): Promise<FloodReport> {
  const child = fork(__filename, [CHILD], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const report = new Promise<FloodReport>((resolve, reject) => {
    child.once('message', (message: ChildReport) => ('done' in message ? resolve(message.done) : reject(new Error(message.failed))));
    child.once('exit', (code) => reject(new Error(`the flood's process exited with ${code}`)));
  });
  child.send(order);
  return report;
}

async function send({ url, request, attempts, concurrency, seconds }: FloodOrder): Promise<FloodReport> {
  const statuses: Record<number, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < attempts && performance.now() < until) {
        sent += 1;
        const reply = await fetch(`${url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
        await reply.arrayBuffer();
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      }
    }),
  );
  return { attempts: sent, statuses, seconds: (performance.now() - started) / 1000 };
}

if (process.argv.includes(CHILD)) {
  process.once('message', (order: FloodOrder) => {
    send(order).then(
      (done) => process.send!({ done } satisfies ChildReport, undefined, undefined, () => process.disconnect()),
      (error: Error) => process.send!({ failed: error.message } satisfies ChildReport, undefined, undefined, () => process.disconnect()),
    );
  });
}
