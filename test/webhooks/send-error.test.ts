import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sendErrorClass } from '../../src/webhooks/send-error';
import { HttpWebhookSender } from '../../src/webhooks/http-webhook-sender';

/**
 * A delivery's `error` is a short class, never the socket's text: real failed connections on loopback give
 * `connection refused`, `timeout`, `tls` and `bad answer`; the codes no loopback can give (a name that does not
 * resolve, a host out of reach) are classed by their code alone.
 */
const sender = new HttpWebhookSender({ allowHttp: true, allowPrivate: true, timeoutMs: 300 });
const message = (url: string) => ({ url, webhookId: 'msg_1', body: '{}', secrets: ['whsec_AAAA'] });

const sockets = new Set<net.Socket>();
async function listening(server: net.Server): Promise<number> {
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
const closed = (server: net.Server) => {
  for (const socket of sockets) socket.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

test('a port nobody listens on is `connection refused`', async () => {
  const server = net.createServer();
  const port = await listening(server);
  await closed(server);
  expect((await sender.send(message(`http://127.0.0.1:${port}/`))).error).toBe('connection refused');
});

test('a receiver that never answers is `timeout`, a TLS handshake with a plain server `tls`, an answer that is not HTTP `bad answer`', async () => {
  const silent = net.createServer(() => undefined);
  const plain = http.createServer((_req, res) => res.end('ok'));
  const garbage = net.createServer((socket) => socket.end('NOT HTTP AT ALL\r\n\r\n'));
  const [silentPort, plainPort, garbagePort] = [await listening(silent), await listening(plain), await listening(garbage)];
  try {
    const outcomes = await Promise.all([
      sender.send(message(`http://127.0.0.1:${silentPort}/`)),
      sender.send(message(`https://127.0.0.1:${plainPort}/`)),
      sender.send(message(`http://127.0.0.1:${garbagePort}/`)),
    ]);
    expect(outcomes.map((outcome) => [outcome.status, outcome.error])).toEqual([
      [undefined, 'timeout'],
      [undefined, 'tls'],
      [undefined, 'bad answer'],
    ]);
  } finally {
    await Promise.all([closed(silent), closed(plain), closed(garbage)]);
  }
}, 10_000);

test.each([
  ['ENOTFOUND', 'dns'],
  ['EAI_AGAIN', 'dns'],
  ['EHOSTUNREACH', 'unreachable'],
  ['ENETUNREACH', 'unreachable'],
  ['ECONNRESET', 'connection reset'],
  ['EPIPE', 'connection reset'],
  ['CERT_HAS_EXPIRED', 'tls'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
  ['EREFUSEDADDRESS', 'refused address'],
  ['HPE_INVALID_CONSTANT', 'bad answer'],
  ['ESOMETHINGNEW', 'network error'],
  [undefined, 'network error'],
])('code %s is %s', (code, expected) => {
  expect(sendErrorClass({ code })).toBe(expected);
});
