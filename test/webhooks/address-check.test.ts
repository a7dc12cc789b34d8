import dns from 'node:dns';
import http from 'node:http';
import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../../src/webhooks/address-check';
import { HttpWebhookSender } from '../../src/webhooks/http-webhook-sender';

/**
 * No SSRF: with WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE off, a URL is refused by its scheme or by the
 * addresses its host is, or resolves to; and a connection is never made to such an address, whatever the URL
 * said when it was registered.
 */
describe('isPublicAddress', () => {
  test.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fd00::1',
    '[fd00::1]',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // A refused IPv4 address inside an IPv6 one, in every translated or embedded form: none reaches it.
  test.each([
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '0:0:0:0:ffff:0:a00:1',
    '[::ffff:0:169.254.169.254]',
    '::ffff:0:8.8.8.8', // IPv4-translated, ::ffff:0:0:0/96
    '::127.0.0.1',
    '::a00:1', // IPv4-compatible, ::/96
    '64:ff9b::127.0.0.1',
    '64:ff9b::c0a8:101',
    '64:ff9b:1::a00:1', // NAT64, well-known and local
    '2002:7f00:1::1',
    '2002:c0a8:101::1', // 6to4
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    '2001:2::1', // Teredo (an obfuscated 127.0.0.1), and the rest of 2001::/23
    '3fff::1',
    '5f00::1', // documentation, segment routing
  ])('%s (an embedded or special IPv6 form) is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:2800:220:1:248:1893:25c8:1946', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    '%s is allowed',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('HttpWebhookSender with both settings off', () => {
  const sender = new HttpWebhookSender({ allowHttp: false, allowPrivate: false });
  let receiver: http.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => res.end('ok'));
    receiver.on('connection', () => connections++);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  test.each([
    ['https://127.0.0.1/hook', '127.0.0.1 is not a public address'],
    ['https://10.0.0.1/hook', '10.0.0.1 is not a public address'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address'],
    ['https://[::1]/hook', '::1 is not a public address'],
    ['https://[fd00::1]/hook', 'fd00::1 is not a public address'],
    ['https://[::ffff:127.0.0.1]/hook', 'is not a public address'],
    ['https://[::ffff:0:127.0.0.1]/hook', 'is not a public address'],
    ['https://[64:ff9b::a9fe:a9fe]/hook', 'is not a public address'],
    ['https://localhost/hook', 'localhost is this host'],
    ['https://api.localhost/hook', 'api.localhost is this host'],
    ['http://example.com/hook', 'must be an https URL'],
    ['ftp://example.com/hook', 'must be an https URL'],
    ['https://user:pass@example.com/hook', 'must not hold credentials'],
    ['not a url', 'not an absolute URL'],
  ])('%s is refused at registration', async (url, reason) => {
    expect(await sender.refusalOf(url)).toContain(reason);
  });

  test.each([
    ['http://example.com/hook', 'WEBHOOK_ALLOW_HTTP=true'],
    ['https://10.0.0.1/hook', 'WEBHOOK_ALLOW_PRIVATE=true'],
    ['https://localhost/hook', 'WEBHOOK_ALLOW_PRIVATE=true'],
  ])('the refusal of %s names %s, the setting that allows it', async (url, setting) => {
    expect(await sender.refusalOf(url)).toContain(setting);
  });

  test('sending to a refused address makes no connection', async () => {
    for (const url of [
      `https://127.0.0.1:${port}/`,
      `https://localhost:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://[::ffff:0:127.0.0.1]:${port}/`,
    ]) {
      const outcome = await sender.send({ url, webhookId: 'x', body: '{}', secrets: ['whsec_AAAA'] });
      expect(outcome.status).toBeUndefined();
      expect(outcome.error).toBe('refused address');
    }
    // Plain http is refused too, before anything else.
    const plain = await new HttpWebhookSender({ allowHttp: false, allowPrivate: true }).send({
      url: `http://127.0.0.1:${port}/`,
      webhookId: 'x',
      body: '{}',
      secrets: [],
    });
    expect(plain.error).toBe('refused url');
    expect(connections).toBe(0);
  });

  test('a name that resolves to a private address is refused at the connection (its lookup), not only at registration', async () => {
    // This machine's own name resolves to a loopback address on most hosts (/etc/hosts); skipped where it does not.
    const name = hostname();
    const addresses = await dns.promises.lookup(name, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some((entry) => isPublicAddress(entry.address))) return;
    expect(await sender.refusalOf(`https://${name}/`)).toContain('not a public address');
    const lenient = new HttpWebhookSender({ allowHttp: true, allowPrivate: false });
    const outcome = await lenient.send({ url: `http://${name}:${port}/`, webhookId: 'x', body: '{}', secrets: [] });
    expect(outcome.status).toBeUndefined();
    // The class only: what the name resolved to stays inside the service.
    expect(outcome.error).toBe('refused address');
    expect(connections).toBe(0);
  });

  test('with WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP a loopback receiver is reached', async () => {
    const open = new HttpWebhookSender({ allowHttp: true, allowPrivate: true });
    expect(await open.refusalOf(`http://127.0.0.1:${port}/`)).toBeUndefined();
    const outcome = await open.send({ url: `http://127.0.0.1:${port}/`, webhookId: 'x', body: '{}', secrets: [] });
    expect(outcome).toMatchObject({ status: 200, excerpt: 'ok' });
    expect(connections).toBe(1);
  });
});
