import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { versionOf } from '../../src/domain/entries/model/entry-history';
import { CheckpointFile } from '../../src/remote-copy/checkpoint';
import { FileSink } from '../../src/remote-copy/file-sink';
import { copyWorkspace, workspaceLines } from '../../src/remote-copy/copy-workspace';
import { RemoteClient } from '../../src/remote-copy/remote-client';
import { RemoteWorkspace } from '../../src/remote-copy/remote-workspace';
import { invoice } from '../helpers/documents';
import { createConnection } from 'mysql2/promise';
import { walkEntries } from '../helpers/walk-entries';
import { client, MARIADB_URL, message, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';

/**
 * `migrate-from` against a real server of this service, with a faulty proxy in front of it: the output file must
 * hold every entry once, in list order, equal to what the source holds, whatever the network did; a CLI killed
 * with SIGKILL must resume without duplicating or missing an entry.
 */

const ROOT = path.join(__dirname, '..', '..');
const ENTRIES = 60;

let source: TestServer;
let workspace: string;
let token: string;
let dir: string;
/** What the test uploaded: entry id → file id → its current bytes and those of its earlier versions, newest first. */
const uploaded = new Map<string, Map<string, { current: Buffer; previous: Buffer[] }>>();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ok = (reply: { status: number; body: unknown }, what: string) => {
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body as any;
};

beforeAll(async () => {
  source = await startServer();
  workspace = newWorkspace();
  token = await tokenFor(workspace);
  dir = mkdtempSync(path.join(tmpdir(), 'migrate-from-'));
  const api = client(source.url, token);
  for (let i = 0; i < ENTRIES; i++) {
    const kind = i % 3;
    const data = kind === 0 ? invoice({ code: `M${i}` }) : kind === 1 ? party(`Party ${i}`) : message(`Note ${i}`);
    const entry = ok(
      await api.post('/silo/v1/entries', { data, key: i % 4 === 0 ? `key-${i}` : undefined, folder: i % 5 === 0 ? 'issued' : undefined }),
      'create',
    );
    if (i % 4 === 1) {
      // A new version, and on every other one a third.
      const patch =
        kind === 0
          ? { content_type: 'application/merge-patch+json', data: { doc: { code: `M${i}-b` } } }
          : { data: party(`Party ${i} renamed`) };
      ok(await api.send('PATCH', `/silo/v1/entries/${entry.id}`, patch), 'patch');
      if (i % 8 === 1)
        ok(
          await api.send('PATCH', `/silo/v1/entries/${entry.id}`, {
            data: kind === 0 ? invoice({ code: `M${i}-c` }) : party(`Party ${i} again`),
          }),
          'patch',
        );
    }
    if (i % 3 === 1) {
      ok(await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'sent', notes: `sent ${i}` }), 'state');
      ok(await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'paid', meta: { by: 'bank' } }), 'state');
    }
    if (i % 5 === 2) {
      ok(await api.put(`/silo/v1/entries/${entry.id}/meta/erp`, { ref: `ERP-${i}`, value: { n: i }, indexed: true }), 'meta');
      ok(await api.put(`/silo/v1/entries/${entry.id}/meta/secret`, { value: { pin: i }, secure: true }), 'secure meta');
    }
    if (i % 6 === 3) {
      const files = new Map<string, { current: Buffer; previous: Buffer[] }>();
      const first = Buffer.from(`first bytes of ${i} `.repeat(200 + i));
      const file = ok(
        await api.post(`/silo/v1/entries/${entry.id}/files`, {
          name: `f${i}.txt`,
          mime: 'text/plain',
          desc: 'a file',
          data: first.toString('base64'),
        }),
        'file',
      );
      files.set(file.id, { current: first, previous: [] });
      if (i % 12 === 3) {
        // Replaced: the first content becomes an earlier version.
        const second = Buffer.from(`second bytes of ${i}`);
        ok(
          await api.put(`/silo/v1/entries/${entry.id}/files/${file.id}`, {
            name: `f${i}.txt`,
            mime: 'text/plain',
            data: second.toString('base64'),
          }),
          'replace',
        );
        files.set(file.id, { current: second, previous: [first] });
      }
      const small = Buffer.from([0, 1, 2, 255, i]);
      const other = ok(
        await api.post(`/silo/v1/entries/${entry.id}/files`, {
          name: 'bin',
          mime: 'application/octet-stream',
          data: small.toString('base64'),
        }),
        'file',
      );
      files.set(other.id, { current: small, previous: [] });
      uploaded.set(entry.id, files);
    }
  }
}, 300_000);

afterAll(async () => {
  await source?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The source's entries in list order (oldest first), read straight from it. */
async function sourceIds(): Promise<string[]> {
  return listedIds(client(source.url, token));
}

/** The ids a service lists, oldest first. */
const listedIds = async (api: ReturnType<typeof client>): Promise<string[]> =>
  (await walkEntries(api, 'ascending=true&limit=100')).seen.map((e) => e.id);

const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

/** Checks a whole output file against the source: header, every entry once in order and equal, the trailer. */
async function expectCopyOfSource(file: string): Promise<void> {
  const lines = linesOf(file);
  const ids = await sourceIds();
  expect(ids).toHaveLength(ENTRIES);
  expect(lines[0]).toMatchObject({
    format: 'silo-entries',
    version: 1,
    workspace,
    files: 'inline',
    origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
  });
  expect(lines.at(-1)).toEqual({ type: 'end', count: ENTRIES });
  const entries = lines.slice(1, -1);
  expect(entries.map((l) => l.type)).toEqual(ids.map(() => 'entry'));
  expect(entries.map((l) => l.id)).toEqual(ids);

  const api = client(source.url, token);
  for (const line of entries) {
    const e = ok(await api.get(`/silo/v1/entries/${line.id}`), 'entry');
    expect(line).toMatchObject({
      id: e.id,
      folder: e.folder,
      created_at: e.created_at,
      updated_at: e.updated_at,
      digest: e.digest,
      version: e.version,
      signed: e.signed,
      invalid: e.invalid,
    });
    expect(line.key).toBe(e.key);
    expect(line.state).toBe(e.state);
    // This service stores exactly what JSON.stringify writes, so the copy is byte for byte its stored text.
    expect(line.envelope).toBe(JSON.stringify(e.data));
    expect(line.versions.map((v: any) => v.version)).toEqual(e.versions.map((v: any) => v.version).reverse());
    for (const v of line.versions) expect(versionOf(v.envelope)).toBe(v.version);
    expect(line.versions.at(-1).envelope).toBe(line.envelope);

    const states = ok(await api.get(`/silo/v1/entries/${line.id}/states`), 'states').list.reverse();
    expect(line.states).toEqual(
      states.map((s: any) => ({
        id: s.id,
        key: s.key,
        ...(s.notes ? { notes: s.notes } : {}),
        ...(s.meta ? { meta: s.meta } : {}),
        src: s.src,
        at: s.created_at,
        created_at: s.created_at,
      })),
    );

    expect(line.meta.map((m: any) => [m.key, m.ref, m.value, m.indexed, m.secure])).toEqual(
      e.meta.map((m: any) => [m.key, m.ref, m.value, m.indexed, false]),
    );
    expect(line.meta.some((m: any) => m.key === 'secret')).toBe(false);

    const files = uploaded.get(line.id) ?? new Map();
    expect(line.files.map((f: any) => f.id).sort()).toEqual([...files.keys()].sort());
    for (const f of line.files) {
      const sent = files.get(f.id)!;
      expect(Buffer.from(f.data, 'base64').equals(sent.current)).toBe(true);
      expect(f).toMatchObject({ sha256: sha256(sent.current), size: sent.current.length, stored: true });
      expect(f.previous.map((p: any) => Buffer.from(p.data, 'base64').toString())).toEqual(sent.previous.map((b: Buffer) => b.toString()));
    }
  }
}

/** A proxy in front of the source that fails on schedule: 503s with Retry-After, one stall, one reset mid-page. */
async function faultyProxy(target: string) {
  const upstream = new URL(target);
  let requests = 0;
  const faults: string[] = [];
  let stalled = false;
  let reset = false;
  let fileRefused = false;
  const server = http.createServer((req, res) => {
    const n = ++requests;
    const url = req.url ?? '/';
    const unavailable = () => {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ key: 'unavailable', code: 'unavailable', message: 'the proxy says no' }));
    };
    if (n === 2 || n === 40) {
      faults.push(`503 #${n}`);
      return unavailable();
    }
    if (!fileRefused && url.includes('/download')) {
      fileRefused = true;
      faults.push('503 file');
      return unavailable();
    }
    if (!stalled && n === 12) {
      stalled = true;
      faults.push('stall');
      // Answers nothing for 2 s: the client's 1 s limit gives up first and asks again.
      setTimeout(() => res.destroy(), 2000).unref();
      return;
    }
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: url, method: req.method, headers: req.headers },
      (up) => {
        if (!reset && url.startsWith('/silo/v1/entries?') && url.includes('cursor=')) {
          // A list page cut in the middle of its body: the client sees the connection reset.
          reset = true;
          faults.push('reset');
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            const body = Buffer.concat(chunks);
            res.writeHead(up.statusCode ?? 502, { ...up.headers, 'content-length': String(body.length) });
            res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
          });
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    faults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('through a proxy that answers 503, stalls and resets, every entry is copied once, in order, equal to the source', async () => {
  const proxy = await faultyProxy(source.url);
  const retries: string[] = [];
  try {
    const remote = new RemoteClient({ baseUrl: proxy.url, token, timeoutMs: 1000, backoffMs: 50, onRetry: (r) => retries.push(r.reason) });
    const out = path.join(dir, 'proxied.ndjson');
    const sink = FileSink.create(out);
    const started = Date.now();
    const report = await copyWorkspace({
      source: new RemoteWorkspace(remote, workspace, 'test@0', 25),
      sink,
      checkpoint: new CheckpointFile(`${out}.checkpoint.json`),
    });
    sink.close();
    expect(proxy.faults).toEqual(expect.arrayContaining(['503 #2', '503 #40', '503 file', 'stall', 'reset']));
    // Each fault was retried: the 503s after the second Retry-After asked for, the stall after its timeout.
    // Only the faults are retried; a busy machine may add a timeout of its own, never another kind of retry.
    expect(retries.filter((r) => r === '503')).toHaveLength(3);
    expect(retries.filter((r) => r !== '503' && r !== 'timed out')).toHaveLength(1);
    expect(retries.filter((r) => r === 'timed out').length).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(report).toMatchObject({ copied: ENTRIES, present: 0, failed: [], ok: true });
    expect(report.verification).toMatchObject({
      remoteCount: ENTRIES,
      writtenCount: ENTRIES,
      missing: [],
      unexpected: [],
      duplicated: [],
      changed: [],
      digestsCompared: true,
    });
    await expectCopyOfSource(out);
  } finally {
    await proxy.close();
  }
});

/** Runs the CLI as its own process; `until` may kill it (SIGKILL) on a line of its stderr. */
function runCli(args: string[], until?: (stderr: string) => boolean, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number }>(
    (resolve, reject) => {
      const started = Date.now();
      const child = spawn(process.execPath, ['--require', './scripts/register-ts.js', 'src/cli/copy-from.ts', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => {
        stderr += c;
        if (until?.(stderr) && child.exitCode === null) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started }));
    },
  );
}

const doneIn = (stderr: string) => Math.max(0, ...[...stderr.matchAll(/copying: (\d+) of/g)].map((m) => Number(m[1])));

test('the CLI killed with SIGKILL twice resumes from its checkpoint: nothing duplicated, nothing missing, the report right', async () => {
  const out = path.join(dir, 'killed.ndjson');
  const args = [
    '--base-url',
    source.url,
    '--token',
    token,
    '--workspace',
    workspace,
    '--out',
    out,
    '--progress-every',
    '1',
    '--page-size',
    '25',
  ];
  const first = await runCli(args, (stderr) => doneIn(stderr) >= 10);
  expect(first.signal).toBe('SIGKILL');
  // As if the process had died in the middle of a line: the resume cuts it off.
  appendFileSync(out, '{"type":"entry","id":"half a li');
  const second = await runCli(args, (stderr) => doneIn(stderr) >= 35);
  expect(second.signal).toBe('SIGKILL');
  expect(second.stderr).toMatch(/resuming from .*killed\.ndjson\.checkpoint\.json/);
  const third = await runCli(args);
  expect(third.stderr).toMatch(/resuming from/);
  expect({ code: third.code, stdout: third.stdout }).toEqual({
    code: 0,
    stdout: expect.stringContaining('copied: 60\nskipped as already present: 0\nfailed: 0\n'),
  });
  expect(third.stdout).toContain('copy complete and verified');
  expect(third.stdout).not.toContain('note:');
  expect(third.stdout).toContain('verification: the remote lists 60 entries, 60 were written; 0 with another digest');
  await expectCopyOfSource(out);

  // Run again when all is done: the trailer is cut off, nothing is new, the same file ends again.
  const again = await runCli(args);
  expect(again.code).toBe(0);
  await expectCopyOfSource(out);
});

/** A database of this test's kind for a second instance: a SQLite file, or a MariaDB database made for it. */
async function targetDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (testDatabase() === 'sqlite') return { url: `sqlite:${path.join(dir, 'target.sqlite')}`, drop: async () => {} };
  const url = new URL(MARIADB_URL);
  const name = `${url.pathname.slice(1)}_migrate_target`;
  const onServer = async (sql: string) => {
    const server = new URL(MARIADB_URL);
    server.pathname = '/';
    const connection = await createConnection(server.toString());
    await connection.query(sql).finally(() => connection.end());
  };
  await onServer(`DROP DATABASE IF EXISTS \`${name}\``);
  await onServer(`CREATE DATABASE \`${name}\``);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS \`${name}\``) };
}

test('without --out, into the database of a second instance: killed and resumed, then every entry served there as on the source', async () => {
  const target = await targetDatabase();
  const env = { DATABASE_URL: target.url, DATA_DIR: path.join(dir, 'target-data'), LOG_LEVEL: 'silent' };
  const checkpoint = path.join(dir, 'into-db.checkpoint.json');
  const args = [
    '--base-url',
    source.url,
    '--token',
    token,
    '--workspace',
    'copied',
    '--checkpoint',
    checkpoint,
    '--progress-every',
    '1',
    '--page-size',
    '25',
  ];
  let second: TestServer | undefined;
  try {
    const first = await runCli(args, (stderr) => doneIn(stderr) >= 20, env);
    expect(first.signal).toBe('SIGKILL');
    const rest = await runCli(args, undefined, env);
    expect(rest.stderr).toMatch(/resuming from/);
    expect(rest.code).toBe(0);
    // An entry written before the kill but not yet in the checkpoint is found present, not written twice.
    const copied = Number(/copied: (\d+)/.exec(rest.stdout)?.[1]);
    const present = Number(/skipped as already present: (\d+)/.exec(rest.stdout)?.[1]);
    expect(copied + present).toBe(ENTRIES);
    expect(present).toBeLessThanOrEqual(1);
    expect(rest.stdout).toContain('copy complete and verified');

    second = await startServer({ DATABASE_URL: target.url });
    const there = client(second.url, await tokenFor('copied'));
    const here = client(source.url, token);
    const ids = await sourceIds();
    expect(await listedIds(there)).toEqual(ids);
    for (const id of ids) {
      const [a, b] = [
        ok(await here.get(`/silo/v1/entries/${id}`), 'source entry'),
        ok(await there.get(`/silo/v1/entries/${id}`), 'copied entry'),
      ];
      const facts = (e: any) => [e.id, e.key, e.folder, e.created_at, e.digest, e.version, e.state, e.data];
      expect(facts(b)).toEqual(facts(a));
      expect(b.versions.map((v: any) => v.version)).toEqual(a.versions.map((v: any) => v.version));
      const states = (api: typeof here) =>
        api.get(`/silo/v1/entries/${id}/states`).then((r) => ok(r, 'states').list.map((s: any) => [s.key, s.notes, s.created_at]));
      expect(await states(there)).toEqual(await states(here));
      for (const [fileId, sent] of uploaded.get(id) ?? []) {
        const file = b.attachments.find((f: any) => f.id === fileId);
        const bytes = Buffer.from(await (await fetch(new URL(file.url, second.url))).arrayBuffer());
        expect(bytes.equals(sent.current)).toBe(true);
      }
    }
  } finally {
    await second?.close();
    await target.drop();
  }
});

test('a wrong token stops at once with the message and a failing exit code', async () => {
  const wrong = await tokenFor(workspace, { secret: 'another-secret-that-is-long-enough-for-hs256-000000' });
  const run = await runCli([
    '--base-url',
    source.url,
    '--token',
    wrong,
    '--workspace',
    workspace,
    '--out',
    path.join(dir, `wrong-${randomUUID()}.ndjson`),
  ]);
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('the remote refused the token (401): check --token');
  expect(run.stderr).not.toContain('retrying');
});

test('a base URL that is not a silo API says so', async () => {
  const run = await runCli([
    '--base-url',
    `${source.url}/not-here`,
    '--token',
    token,
    '--workspace',
    workspace,
    '--out',
    path.join(dir, `not-silo-${randomUUID()}.ndjson`),
  ]);
  expect(run.code).not.toBe(0);
  expect(run.stderr).toMatch(/is not a silo v1 API: GET .*\/not-here\/silo\/v1\/entries\?.* answered 404.*\(check --base-url\)/);
});

test('an entry whose file bytes do not match their sha256 is reported failed, the others copied, and the run is not ok', async () => {
  const [victim, files] = [...uploaded.entries()][0];
  const fileId = [...files.keys()][0];
  // A proxy that flips the first byte of that one file's current bytes, keeping their length.
  const upstream = new URL(source.url);
  const proxy = http.createServer((req, res) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          if (req.url?.includes(`/files/${fileId}/download`)) body[0] ^= 0xff;
          res.writeHead(up.statusCode ?? 502, up.headers);
          res.end(body);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    const remote = new RemoteClient({ baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, token });
    const out = path.join(dir, 'corrupt.ndjson');
    const sink = FileSink.create(out);
    const report = await copyWorkspace({
      source: new RemoteWorkspace(remote, workspace, 'test@0'),
      sink,
      checkpoint: new CheckpointFile(`${out}.checkpoint.json`),
    });
    sink.close();
    expect(report.ok).toBe(false);
    expect(report.copied).toBe(ENTRIES - 1);
    expect(report.failed).toEqual([
      {
        id: victim,
        reason: expect.stringMatching(
          new RegExp(`^file ${fileId}: the bytes have sha256 [0-9a-f]{64}, the remote says ${sha256(files.get(fileId)!.current)}$`),
        ),
      },
    ]);
    expect(report.verification).toMatchObject({ remoteCount: ENTRIES, writtenCount: ENTRIES - 1, missing: [victim], changed: [] });
    const lines = linesOf(out);
    expect(lines.filter((l) => l.type === 'entry').map((l) => l.id)).toEqual((await sourceIds()).filter((id) => id !== victim));
    expect(lines.at(-1)).toEqual({ type: 'end', count: ENTRIES - 1 });
  } finally {
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  }
});

test('the reader alone gives the workspace as lines of the format, header to trailer', async () => {
  const remote = new RemoteWorkspace(new RemoteClient({ baseUrl: source.url, token }), workspace, 'test@0', 7);
  const failures: string[] = [];
  const lines = [];
  for await (const line of workspaceLines(remote, (id) => failures.push(id))) lines.push(line);
  expect(failures).toEqual([]);
  expect(lines[0]).toMatchObject({ format: 'silo-entries', version: 1, origin: source.url });
  expect(lines.slice(1, -1).map((l) => (l as { id: string }).id)).toEqual(await sourceIds());
  expect(lines.at(-1)).toEqual({ type: 'end', count: ENTRIES });
});
