import net from 'node:net';
import type { DatabaseHost } from '../config';
import type { Logger } from '../logger';

/**
 * Connections to a multi-primary cluster given as several hosts. Every new connection of the pool goes to
 * one host, the current one, so that writes go through one node at a time (a cluster certifies concurrent
 * writes of one row on two nodes as a conflict). When a connection to it cannot be opened, or an open one
 * is cut, the next host becomes the current one: the requests that met the failure are answered 503, the
 * ones after go to the next node. It stays there until that one fails in turn (no moving back and forth).
 */
export class HostFailover {
  private current = 0;
  /** When the current host was chosen: failures of connections opened before that are old news. */
  private chosenAt = Date.now();

  constructor(
    private readonly hosts: DatabaseHost[],
    private readonly log?: Logger,
    private readonly connectTimeoutMs = 2000,
  ) {}

  get currentHost(): DatabaseHost {
    return this.hosts[this.current];
  }

  /** mysql2's `stream` option: the socket of a new connection, to the current host. */
  readonly connect = (): net.Socket => {
    const index = this.current;
    const { host, port } = this.hosts[index];
    const openedAt = Date.now();
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    // A node that is down on another machine may not refuse: it just does not answer.
    socket.setTimeout(this.connectTimeoutMs, () =>
      socket.destroy(Object.assign(new Error(`connect ETIMEDOUT ${host}:${port}`), { code: 'ETIMEDOUT' })),
    );
    socket.once('connect', () => socket.setTimeout(0));
    socket.on('error', (error: NodeJS.ErrnoException) => this.failed(index, openedAt, error));
    return socket;
  };

  private failed(index: number, openedAt: number, error: NodeJS.ErrnoException): void {
    if (index !== this.current || openedAt < this.chosenAt || this.hosts.length < 2) return;
    this.current = (index + 1) % this.hosts.length;
    this.chosenAt = Date.now();
    const from = this.hosts[index];
    const to = this.hosts[this.current];
    this.log?.warn(
      { code: error.code, from: `${from.host}:${from.port}`, to: `${to.host}:${to.port}` },
      'database host failed; moving to the next',
    );
  }
}
