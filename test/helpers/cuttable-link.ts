import net from 'node:net';

/**
 * A TCP link to a real database server that a test can cut and restore: while it is cut, open connections
 * are reset and new ones refused, as when the database's host dies; restored, it forwards again.
 */
export interface CuttableLink {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableLink(target: { host: string; port: number }): Promise<CuttableLink> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    for (const socket of sockets) socket.resetAndDestroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, cut: stop, restore: () => listen(port), close: stop };
}
