import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { SIGNING_KEY_FILE } from '../../src/signing/signing-keys';
import { invoice, invoiceWithoutSupplier } from '../helpers/documents';
import { buildService } from '../helpers/service-process';
import { client, MARIADB_URL, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { withoutProgress } from '../helpers/progress-lines';

/**
 * `npm run export` and `npm run import` (issue 27): a workspace holding every kind of data, made through the REST
 * API, exported from this run's database and imported into a database of the other kind, then compared through
 * the API of a server on each; and back again. The CLIs run as child processes, as operators run them.
 */

/** The other database: MariaDB for a SQLite run (a database made for the test and dropped), a SQLite file for a MariaDB run. */
const RT_DATABASE = `${new URL(MARIADB_URL).pathname.slice(1) || 'test'}_rt`;
const otherUrl = (dir: string) => {
  if (testDatabase() === 'mariadb') return `sqlite:${path.join(dir, 'other.sqlite')}`;
  const url = new URL(MARIADB_URL);
  url.pathname = `/${RT_DATABASE}`;
  return url.toString();
};
async function onMariadbServer(sql: string) {
  const url = new URL(MARIADB_URL);
  url.pathname = '/';
  const connection = await createConnection(url.toString());
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

let source: TestServer;
let target: TestServer;
let work: string;
let cliDir: string;
let sourceUrl: string;
let targetUrl: string;
const workspace = newWorkspace();
let api: ReturnType<typeof client>;
let token: string;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}
/** Runs a CLI of the built service against a database, with `input` on its stdin. */
function cli(name: 'export' | 'import', databaseUrl: string, args: string[], input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(cliDir, `${name}.js`), ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        NODE_PATH: path.resolve(__dirname, '../../node_modules'),
        DATA_DIR: work,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        SIGNING_KEY: signingKey(),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** The source server's key: the import verifies signatures again with the service's keys, as an operator's would. */
const signingKey = () => readFileSync(path.join(source.dataDir, SIGNING_KEY_FILE), 'utf8');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ok = <T extends { status: number; body?: unknown }>(reply: T, status = 200): T => {
  if (reply.status !== status) throw new Error(`status ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply;
};

/** Entry ids of the workspace made in beforeAll, oldest first. */
const ids: string[] = [];
const fileIds: Record<string, string[]> = {};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'export-import-'));
  cliDir = path.join(path.dirname(buildService()), 'cli');
  if (testDatabase() === 'sqlite') await onMariadbServer(`CREATE DATABASE IF NOT EXISTS \`${RT_DATABASE}\``);
  source = await startServer();
  target = await startServer({ DATABASE_URL: otherUrl(work) });
  sourceUrl = source.config.database.type === 'sqlite' ? `sqlite:${source.config.database.file}` : MARIADB_URL;
  targetUrl = otherUrl(work);
  token = await tokenFor(workspace);
  api = client(source.url, token);

  // An invoice changed twice (versions), with states, meta rows secure and not, and files (one replaced, one placeholder).
  const first = ok(await api.post('/silo/v1/entries', { data: invoice(), key: 'inv-1' })).body;
  ids.push(first.id);
  ok(await api.send('PATCH', `/silo/v1/entries/${first.id}`, { data: invoice({ code: '0002' }) }));
  ok(
    await api.send('PATCH', `/silo/v1/entries/${first.id}`, {
      content_type: 'application/merge-patch+json',
      data: { doc: { series: 'G' } },
    }),
  );
  ok(await api.post(`/silo/v1/entries/${first.id}/states`, { key: 'sent', notes: 'by mail', meta: { channel: 'mail' } }));
  ok(await api.post(`/silo/v1/entries/${first.id}/states`, { key: 'paid' }));
  ok(await api.put(`/silo/v1/entries/${first.id}/meta/erp-ref`, { ref: 'ORD-7', value: { order: 'ORD-7', n: 3 }, indexed: true }));
  ok(await api.put(`/silo/v1/entries/${first.id}/meta/api-secret`, { value: { secret: 's3cr3t' }, secure: true }));
  const fileId = randomUUID();
  const one = Buffer.from('<xml>first</xml>');
  const two = Buffer.alloc(1024 * 1024 + 17, 7); // over one chunk
  ok(
    await api.put(`/silo/v1/entries/${first.id}/files/${fileId}`, {
      name: 'a.xml',
      mime: 'application/xml',
      data: one.toString('base64'),
      desc: 'the first',
    }),
  );
  ok(
    await api.put(`/silo/v1/entries/${first.id}/files/${fileId}`, { name: 'a.xml', mime: 'application/xml', data: two.toString('base64') }),
  );
  const placeholder = ok(
    await api.post(`/silo/v1/entries/${first.id}/files`, {
      name: 'later.pdf',
      mime: 'application/pdf',
      sha256: sha256(Buffer.from('x')),
      size: 1,
    }),
  ).body;
  fileIds[first.id] = [fileId, placeholder.id];

  // A credit note correcting it (a `previous` reference and a `preceding` one).
  ids.push(
    ok(await api.post('/silo/v1/entries', { previous_id: first.id, correct: { credit: true, reason: 'returned goods', series: 'CN' } }))
      .body.id,
  );
  // A signed entry, an entry stored invalid, a plain message.
  ids.push(ok(await api.post('/silo/v1/entries', { data: invoice({ code: '0003' }), sign: true })).body.id);
  ids.push(ok(await api.post('/silo/v1/entries', { data: invoiceWithoutSupplier(), allow_invalid: true })).body.id);
  ids.push(ok(await api.post('/silo/v1/entries', { data: party('Acme') })).body.id);
}, 240_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  if (testDatabase() === 'sqlite') await onMariadbServer(`DROP DATABASE IF EXISTS \`${RT_DATABASE}\``);
  rmSync(work, { recursive: true, force: true });
});

/**
 * An export's lines without the header's moment and workspace, and without signature verdicts (an import earns its
 * own: a signature this workspace made is the service's in another): what two exports of the same data share.
 */
const comparable = (text: string) => {
  const lines = text.split('\n');
  const { exported_at: _at, workspace: _ws, ...header } = JSON.parse(lines[0]);
  const withoutVerdict = (line: string) =>
    line.startsWith('{"type":"entry"') ? JSON.stringify({ ...JSON.parse(line), signature: undefined }) : line;
  return [JSON.stringify(header), ...lines.slice(1).map(withoutVerdict)];
};

async function exportOf(databaseUrl: string, ws: string, extra: string[] = []): Promise<string> {
  const out = path.join(work, `${randomUUID()}.ndjson`);
  const run = await cli('export', databaseUrl, ['--workspace', ws, '--out', out, ...extra]);
  expect(run).toMatchObject({ status: 0 });
  return readFileSync(out, 'utf8');
}

async function importInto(databaseUrl: string, ws: string, text: string, extra: string[] = []): Promise<Run & { file: string }> {
  const file = path.join(work, `${randomUUID()}.ndjson`);
  writeFileSync(file, text);
  return { ...(await cli('import', databaseUrl, ['--workspace', ws, '--in', file, ...extra])), file };
}

/** Every entry of `ws` on both servers reads the same through the API: entry, versions' envelopes, states, files' bytes (earlier versions too). */
async function expectSameThroughApi(otherBase: string, otherWs: string) {
  const here = api;
  const there = client(otherBase, await tokenFor(otherWs));
  for (const id of ids) {
    const a = ok(await here.get(`/silo/v1/entries/${id}`)).body;
    const b = ok(await there.get(`/silo/v1/entries/${id}`)).body;
    const strip = (entry: any) => ({
      ...entry,
      attachments: entry.attachments?.map(({ url: _u, ...f }: any) => f),
      files: undefined,
      signature: undefined,
    });
    expect(strip(b)).toEqual(strip(a));
    // The verdict verified again on import, with the same key: the service's, for another workspace.
    if (a.signature) expect(b.signature).toEqual({ verified: true, sigs: [{ ...a.signature.sigs[0], by: 'service' }] });
    expect(b.versions.length).toBeGreaterThan(0);
    for (const v of a.versions) {
      const av = ok(await here.get(`/silo/v1/entries/${id}/versions/${v.version}`)).body;
      expect(ok(await there.get(`/silo/v1/entries/${id}/versions/${v.version}`)).body).toEqual(av);
    }
    expect(ok(await there.get(`/silo/v1/entries/${id}/states`)).body).toEqual(ok(await here.get(`/silo/v1/entries/${id}/states`)).body);
    for (const file of a.attachments ?? []) {
      for (const fid of [file.id, ...(file.previous ?? []).map((p: any) => p.id)]) {
        const download = async (base: string, tok: string) => {
          const r = await fetch(`${base}/silo/v1/entries/${id}/files/${fid}/download`, { headers: { authorization: `Bearer ${tok}` } });
          return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()) };
        };
        const mine = await download(source.url, token);
        const theirs = await download(otherBase, await tokenFor(otherWs));
        expect(theirs.status).toBe(mine.status);
        expect(theirs.bytes.equals(mine.bytes)).toBe(true);
      }
    }
  }
}

test('export → import into the other kind of database → the same entries through the API and the same export; and back again', async () => {
  const exported = await exportOf(sourceUrl, workspace);
  const lines = exported.trimEnd().split('\n');
  expect(JSON.parse(lines[0])).toMatchObject({
    format: 'silo-entries',
    version: 1,
    service: 'document-entry-service@0.1.0',
    workspace,
    files: 'inline',
  });
  expect(lines.slice(1, -1).map((l) => JSON.parse(l).id)).toEqual(ids);
  expect(JSON.parse(lines[lines.length - 1])).toEqual({ type: 'end', count: ids.length });
  const invoiceLine = JSON.parse(lines[1]);
  expect(invoiceLine.versions.length).toBeGreaterThanOrEqual(2);
  expect(invoiceLine.meta.map((m: any) => [m.key, m.secure])).toEqual(
    expect.arrayContaining([
      ['erp-ref', false],
      ['api-secret', true],
    ]),
  );
  expect(invoiceLine.files.find((f: any) => f.stored).previous).toHaveLength(1);
  expect(JSON.parse(lines[2]).previous_id).toBe(ids[0]);
  expect(JSON.parse(lines[3]).signature).toBeDefined();

  const otherWs = newWorkspace(); // the target workspace may differ from the header's
  const imported = await importInto(targetUrl, otherWs, exported);
  expect(withoutProgress(imported.stderr)).toBe('');
  expect(imported.stdout).toMatch(new RegExp(`^imported ${ids.length}, skipped as present 0, conflicts 0, refused 0`));
  expect(imported.status).toBe(0);
  await expectSameThroughApi(target.url, otherWs);
  // Secure meta rows and every other stored part, compared through an export of the target.
  const reexported = await exportOf(targetUrl, otherWs);
  expect(comparable(reexported)).toEqual(comparable(exported));
  // The target finds the entry by what it indexed, and by its related list.
  const there = client(target.url, await tokenFor(otherWs));
  expect(ok(await there.get('/silo/v1/search?q=ORD-7')).body.list.map((e: any) => e.id)).toEqual([ids[0]]);
  expect(ok(await there.get(`/silo/v1/entries/${ids[0]}/related?context=previous`)).body.list.map((e: any) => e.id)).toEqual([ids[1]]);

  // Twice: nothing the second time.
  const again = await importInto(targetUrl, otherWs, exported);
  expect(again.stdout).toMatch(new RegExp(`^imported 0, skipped as present ${ids.length}, conflicts 0, refused 0`));

  // Back again, into a fresh workspace of the source database.
  const backWs = newWorkspace();
  expect((await importInto(sourceUrl, backWs, reexported)).stdout).toMatch(new RegExp(`^imported ${ids.length},`));
  expect(comparable(await exportOf(sourceUrl, backWs))).toEqual(comparable(exported));
});

test('each created entry has one entry.created event marked as imported', async () => {
  const ws = newWorkspace();
  await importInto(targetUrl, ws, await exportOf(sourceUrl, workspace));
  const there = client(target.url, await tokenFor(ws));
  let events: any[] = [];
  for (let i = 0; i < 50 && events.length < ids.length; i++) {
    events = ok(await there.get('/silo/v1/events?limit=100')).body.list;
    if (events.length < ids.length) await new Promise((r) => setTimeout(r, 100));
  }
  expect(events.map((e: any) => [e.type, e.entry_id ?? e.entry?.id, e.data?.imported])).toEqual(
    expect.arrayContaining(ids.map((id) => ['entry.created', id, true])),
  );
  expect(events).toHaveLength(ids.length);
});

test('--files-dir: the bytes apart, once per content, and imported from there', async () => {
  const dir = path.join(work, 'files');
  const exported = await exportOf(sourceUrl, workspace, ['--files-dir', dir]);
  expect(exported).not.toContain('"data":');
  expect(readdirSync(dir).sort()).toHaveLength(2);
  const ws = newWorkspace();
  const run = await importInto(targetUrl, ws, exported, ['--files-dir', dir]);
  expect(run.stdout).toMatch(new RegExp(`^imported ${ids.length},`));
  expect(comparable(await exportOf(targetUrl, ws, ['--files-dir', dir]))).toEqual(comparable(exported));
});

test('--since and --after: the entries from a moment, or after an entry', async () => {
  const all = (await exportOf(sourceUrl, workspace)).trimEnd().split('\n');
  const third = JSON.parse(all[3]);
  const after = (await exportOf(sourceUrl, workspace, ['--after', ids[2]])).trimEnd().split('\n');
  expect(after.slice(1, -1).map((l) => JSON.parse(l).id)).toEqual(ids.slice(3));
  expect(JSON.parse(after[0]).after).toBe(ids[2]);
  const since = (await exportOf(sourceUrl, workspace, ['--since', third.created_at])).trimEnd().split('\n');
  expect(since.slice(1, -1).map((l) => JSON.parse(l).id)).toEqual(
    ids.filter((_, i) => JSON.parse(all[i + 1]).created_at >= third.created_at),
  );
});

test('a workspace without entries is refused with a message', async () => {
  const run = await cli('export', sourceUrl, ['--workspace', newWorkspace()]);
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/^workspace ws-[0-9a-f-]+ has no entries\n$/);
  expect(run.stdout).toBe('');
});

test('bad lines are refused with their number, nothing of that entry written; the rest imported; a cut export reported', async () => {
  const lines = (await exportOf(sourceUrl, workspace)).trimEnd().split('\n');
  const badDigest = JSON.parse(lines[2]);
  badDigest.digest.val = badDigest.digest.val.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
  const badVersion = JSON.parse(lines[3]);
  badVersion.versions[badVersion.versions.length - 1].version = '0000000000';
  badVersion.version = '0000000000';
  // Entries 1 and 4 intact; entry 5 cut in the middle, and no end line.
  const text = [lines[0], lines[1], JSON.stringify(badDigest), JSON.stringify(badVersion), lines[4], lines[5].slice(0, 200)].join('\n');
  const ws = newWorkspace();
  const run = await importInto(targetUrl, ws, text);
  expect(run.stdout).toMatch(/^imported 2, skipped as present 0, conflicts 0, refused 3/);
  expect(run.stderr).toContain(`${run.file}:3: digest differs`);
  expect(run.stderr).toContain(`${run.file}:4: version 0000000000 is not the version of its envelope`);
  expect(run.stderr).toContain(`${run.file}:6: not JSON`);
  expect(run.stderr).toContain('the export ends without its end line: it was cut short');
  expect(run.status).toBe(1);
  const there = client(target.url, await tokenFor(ws));
  expect((await there.get(`/silo/v1/entries/${ids[0]}`)).status).toBe(200);
  expect((await there.get(`/silo/v1/entries/${ids[3]}`)).status).toBe(200);
  for (const id of [ids[1], ids[2], ids[4]]) expect((await there.get(`/silo/v1/entries/${id}`)).status).toBe(404);
  // Nothing of a refused entry: no state, meta, file or version of it either (an export of the workspace has entries 1 and 4 only).
  const left = (await exportOf(targetUrl, ws)).trimEnd().split('\n');
  expect(left.slice(1, -1).map((l) => JSON.parse(l).id)).toEqual([ids[0], ids[3]]);

  const unknown = await importInto(
    targetUrl,
    newWorkspace(),
    [JSON.stringify({ ...JSON.parse(lines[0]), version: 2 }), ...lines.slice(1)].join('\n'),
  );
  expect(unknown.stderr).toContain(`${unknown.file}:1: unknown export format`);
  expect(unknown.stdout).toMatch(/^imported 0,/);
  expect(unknown.status).toBe(1);
});

test('an entry present with other content: reported and skipped, or with --on-conflict fail the import stops there', async () => {
  const exported = await exportOf(sourceUrl, workspace);
  const lines = exported.trimEnd().split('\n');
  const ws = newWorkspace();
  await importInto(targetUrl, ws, [lines[0], lines[1], JSON.stringify({ type: 'end', count: 1 })].join('\n'));
  const there = client(target.url, await tokenFor(ws));
  ok(await there.send('PATCH', `/silo/v1/entries/${ids[0]}`, { data: invoice({ code: '0099' }) }));

  const failing = await importInto(targetUrl, ws, exported, ['--on-conflict', 'fail']);
  expect(failing.status).toBe(1);
  expect(failing.stdout).toMatch(/^imported 0, skipped as present 0, conflicts 1, refused 0/);
  expect(failing.stderr).toContain(`${failing.file}:2: entry ${ids[0]} is present with other content`);
  expect((await there.get(`/silo/v1/entries/${ids[1]}`)).status).toBe(404);

  const skipping = await importInto(targetUrl, ws, exported);
  expect(skipping.stdout).toMatch(new RegExp(`^imported ${ids.length - 1}, skipped as present 0, conflicts 1, refused 0`));
  expect((await there.get(`/silo/v1/entries/${ids[1]}`)).status).toBe(200);
});

test('an entry whose key another entry holds is reported, and the others of its batch are imported', async () => {
  const ws = newWorkspace();
  const there = client(target.url, await tokenFor(ws));
  const holder = ok(await there.post('/silo/v1/entries', { data: party('Holder'), key: 'inv-1' })).body;
  const run = await importInto(targetUrl, ws, await exportOf(sourceUrl, workspace));
  expect(run.stdout).toMatch(new RegExp(`^imported ${ids.length - 1}, skipped as present 0, conflicts 1, refused 0`));
  expect(run.stderr).toContain(`${run.file}:2: entry ${ids[0]}: its key "inv-1" is taken by another entry`);
  expect((await there.get(`/silo/v1/entries/${ids[0]}`)).status).toBe(404);
  expect(
    ok(await there.get('/silo/v1/entries?limit=100'))
      .body.list.map((e: any) => e.id)
      .sort(),
  ).toEqual([holder.id, ...ids.slice(1)].sort());
});
