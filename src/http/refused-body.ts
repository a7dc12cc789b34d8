import type { IncomingMessage } from 'node:http';

/** How long the rest of a refused body is read and dropped before its connection is cut. */
const DRAIN_MS = 5_000;

/**
 * What is left of a body the service refused unread (413, a multipart it cannot read) is read and dropped for a
 * moment, never kept. Left in the socket, it would make closing the connection a reset, and a client still sending
 * would lose the answer before reading it. A body that goes on longer than the moment has its connection cut; one
 * that ends leaves the connection open for the client's next request.
 */
export function dropRestOfBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  const cut = setTimeout(() => req.socket.destroy(), DRAIN_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  req.socket.once('close', () => clearTimeout(cut));
  req.resume();
}
