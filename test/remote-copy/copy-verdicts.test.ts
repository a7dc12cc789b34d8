import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildService } from '../helpers/service-process';
import { client, MARIADB_URL, message, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Issue 39: `migrate-from` does not copy the remote's signature verdicts. A remote (here a proxy in front of a real
 * server) that says a signature of an unknown key is verified gets an entry stored as this service judges it.
 */

let source: TestServer;
let dir: string;
let proxy: http.Server;
let proxyUrl: string;
const workspace = newWorkspace();
let token: string;
let signedId: string;

const FORGED_VERDICT = { verified: true, sigs: [{ kid: 'supplier-key', by: 'trusted', verified: true }] };

/** A compact ES256 JWS over the envelope's uuid and digest, made with a key the service does not know. */
function foreignSignature(envelope: any): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${encode({ alg: 'ES256', kid: 'supplier-key' })}.${encode({ uuid: envelope.head.uuid, dig: envelope.head.dig })}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'migrate-verdicts-'));
  source = await startServer();
  token = await tokenFor(workspace);
  const api = client(source.url, token);
  const made = await api.post('/silo/v1/entries', { data: message('sealed elsewhere') });
  const envelope = { ...made.body.data, head: { ...made.body.data.head, uuid: randomUUID() } };
  const received = await api.post('/silo/v1/entries', { data: { ...envelope, sigs: [foreignSignature(envelope)] } });
  expect(received.status).toBe(200);
  expect(received.body.signature).toMatchObject({ verified: false });
  signedId = received.body.id;

  // The remote as a hostile one would answer: the entry's verdict rewritten to "verified".
  const upstream = new URL(source.url);
  proxy = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          let body = Buffer.concat(chunks);
          if (up.statusCode === 200 && new URL(req.url ?? '/', source.url).pathname === `/silo/v1/entries/${signedId}`) {
            body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString('utf8')), signature: FORGED_VERDICT }));
          }
          const headers = { ...up.headers, 'content-length': String(body.length) };
          delete headers['content-encoding'];
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(body);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

function migrate(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(path.dirname(buildService()), 'cli', 'copy-from.js'), ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env: { PATH: process.env.PATH, NODE_PATH: path.resolve(__dirname, '../../node_modules'), LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('a verdict the remote forges is not copied: the signature is verified again here, and stored unverified', async () => {
  const forged = (await (
    await fetch(`${proxyUrl}/silo/v1/entries/${signedId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { signature: unknown };
  expect(forged.signature).toEqual(FORGED_VERDICT);

  const copied = newWorkspace();
  const database = source.config.database.type === 'sqlite' ? `sqlite:${source.config.database.file}` : MARIADB_URL;
  const run = await migrate(
    ['--base-url', proxyUrl, '--token', token, '--workspace', copied, '--checkpoint', path.join(dir, 'checkpoint.json')],
    { DATABASE_URL: database, DATA_DIR: path.join(dir, 'data') },
  );
  expect(run.stdout).toContain('copy complete and verified');
  expect(run.code).toBe(0);
  const there = client(source.url, await tokenFor(copied));
  const entry = (await there.get(`/silo/v1/entries/${signedId}`)).body;
  expect(entry.signed).toBe(true);
  expect(entry.signature).toMatchObject({ verified: false, sigs: [{ kid: 'supplier-key', by: 'unknown', verified: false }] });
}, 120_000);
