import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpWebhookSender } from '../../src/webhooks/http-webhook-sender';

/** A loopback receiver that counts connections and requests; `onRequest` may answer otherwise than 200. */
async function receiver(onRequest?: (req: http.IncomingMessage, res: http.ServerResponse, index: number) => boolean) {
  const seen = { connections: 0, requests: 0 };
  const server = http.createServer((req, res) => {
    const index = seen.requests++;
    req.resume();
    req.on('end', () => {
      if (onRequest?.(req, res, index)) return;
      res.end('ok');
    });
  });
  server.on('connection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { seen, port, close };
}

const message = (url: string, n: number) => ({
  url,
  webhookId: `msg_${n}`,
  body: JSON.stringify({ n }),
  secrets: ['whsec_' + Buffer.alloc(24, 1).toString('base64')],
});

describe('HttpWebhookSender connections', () => {
  const sender = new HttpWebhookSender({ allowHttp: true, allowPrivate: true });
  afterAll(() => sender.close());

  test('attempts to one endpoint reuse a kept-alive connection', async () => {
    const target = await receiver();
    try {
      for (let n = 0; n < 5; n++) expect((await sender.send(message(`http://127.0.0.1:${target.port}/hook`, n))).status).toBe(200);
      expect(target.seen).toEqual({ connections: 1, requests: 5 });
    } finally {
      await target.close();
    }
  });

  test('a connection is reused only for the host name it was made for', async () => {
    const target = await receiver();
    try {
      expect((await sender.send(message(`http://127.0.0.1:${target.port}/hook`, 1))).status).toBe(200);
      expect((await sender.send(message(`http://localhost:${target.port}/hook`, 2))).status).toBe(200);
      expect(target.seen).toEqual({ connections: 2, requests: 2 });
    } finally {
      await target.close();
    }
  });

  test('a kept-alive connection the endpoint drops before answering is sent again on a new one, once', async () => {
    // The second request arrives on the first one's connection, which the receiver then cuts without a word.
    const target = await receiver((req, _res, index) => {
      if (index !== 1) return false;
      req.socket.destroy();
      return true;
    });
    try {
      expect((await sender.send(message(`http://127.0.0.1:${target.port}/hook`, 1))).status).toBe(200);
      const second = await sender.send(message(`http://127.0.0.1:${target.port}/hook`, 2));
      expect(second).toMatchObject({ status: 200, excerpt: 'ok' });
      expect(target.seen).toEqual({ connections: 2, requests: 3 });
    } finally {
      await target.close();
    }
  });

  test('a new connection cut before the answer is an attempt without an answer, not sent again', async () => {
    const target = await receiver((req) => {
      req.socket.destroy();
      return true;
    });
    try {
      const outcome = await sender.send(message(`http://127.0.0.1:${target.port}/other`, 1));
      expect(outcome.status).toBeUndefined();
      expect(outcome.error).toBe('connection reset');
      expect(target.seen).toEqual({ connections: 1, requests: 1 });
    } finally {
      await target.close();
    }
  });
});
