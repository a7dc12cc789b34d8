/**
 * The listeners of the events bench, in a process of their own so that the load generator's event loop is not
 * also theirs (real listeners are on other machines): a webhook receiver on loopback that answers 200 at once, and
 * graphql-ws subscribers of the workspace's created entries. Told what to do, and answering, over the fork channel.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export type ListenersCommand = { start: { serviceUrl: string; token: string; subscribers: number; query: string } } | { stop: true };
export type ListenersReport = { ready: { hookUrl: string } } | { stopped: { webhooks: number; messages: number } } | { failed: string };

const send = (report: ListenersReport) => process.send!(report);
let webhooks = 0;
let messages = 0;
const clients: Client[] = [];
let server: http.Server | undefined;

async function start({ serviceUrl, token, subscribers, query }: Extract<ListenersCommand, { start: unknown }>['start']): Promise<void> {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      webhooks += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  for (let i = 0; i < subscribers; i += 1) {
    const client = createClient({
      url: `${serviceUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazy: false,
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.subscribe({ query }, { next: () => void (messages += 1), error: reject, complete: () => undefined });
      client.on('connected', () => setTimeout(resolve, 20));
    });
  }
  send({ ready: { hookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` } });
}

process.on('message', (command: ListenersCommand) => {
  if ('start' in command) {
    start(command.start).catch((error: Error) => send({ failed: error.message }));
    return;
  }
  void Promise.all(clients.map((client) => client.dispose())).then(() => {
    server?.closeAllConnections();
    server?.close();
    send({ stopped: { webhooks, messages } });
    process.disconnect();
  });
});
