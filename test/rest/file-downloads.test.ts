import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FILE_LINK_SECRET_FILE, FileLinks } from '../../src/http/file-links';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Downloads as the hosted API has them: GET of a file's path answers its bytes (a version's id too), and a
 * file's `url` is absolute and signed, fetched by a plain HTTP client without a token until it expires. An
 * expired, altered or misapplied link is 403; replacing the secret revokes every link. Bytes are sent with a
 * sandbox policy, and a suffix range longer than the file is the whole file.
 */
const SECRET = 'file-link-secret-of-the-tests-0123456789abcdef';
const OTHER_SECRET = 'another-file-link-secret-0123456789abcdefghij';
let t: TestServer;
let workspace: string;
let token: string;
let api: ReturnType<typeof client>;
let entryId: string;

beforeAll(async () => {
  t = await startServer({ FILE_LINK_SECRET: SECRET });
});
beforeEach(async () => {
  workspace = newWorkspace();
  token = await tokenFor(workspace);
  api = client(t.url, token);
  const entry = await api.post('/silo/v1/entries', { data: party('Downloads Ltd') });
  expect(entry.status).toBe(200);
  entryId = entry.body.id;
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function upload(bytes: Buffer, fields: Record<string, unknown> = {}, on = api, entry = entryId, id?: string) {
  const body = { name: 'invoice.html', mime: 'text/html', data: bytes.toString('base64'), ...fields };
  const reply = id ? await on.put(`/silo/v1/entries/${entry}/files/${id}`, body) : await on.post(`/silo/v1/entries/${entry}/files`, body);
  expect(reply.status).toBe(200);
  return reply.body as { id: string; url: string; private?: boolean; previous: { id: string }[] };
}

/** A plain GET, as a browser, an e-mail link or Go's http.Get would send it: no token unless given. */
async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const withQuery = (url: string, change: (query: URLSearchParams) => void) => {
  const parsed = new URL(url);
  change(parsed.searchParams);
  return parsed.toString();
};

describe("GET of a file's path answers its bytes, as the hosted API", () => {
  test("the current bytes by the file's id, an earlier version's by its id; the metadata is at …/meta", async () => {
    const id = randomUUID();
    const first = Buffer.from('<p>first</p>');
    const second = Buffer.from('<p>second, longer</p>');
    await upload(first, {}, api, entryId, id);
    const replaced = await upload(second, {}, api, entryId, id);
    const files = `/silo/v1/entries/${entryId}/files`;

    const current = await fetchBytes(`${t.url}${files}/${id}`, { authorization: `Bearer ${token}` });
    expect(current.status).toBe(200);
    expect(current.bytes.equals(second)).toBe(true);
    expect(current.headers.get('content-type')).toMatch(/^text\/html/);
    expect(current.headers.get('etag')).toBe(`"${sha256(second)}"`);
    const earlier = await fetchBytes(`${t.url}${files}/${replaced.previous[0].id}`, { authorization: `Bearer ${token}` });
    expect(earlier.status).toBe(200);
    expect(earlier.bytes.equals(first)).toBe(true);

    const meta = await api.get(`${files}/${id}/meta`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ id, entry_id: entryId, hash: sha256(second), previous: [{ id: replaced.previous[0].id }] });
    expect((await api.get(`${files}/${randomUUID()}/meta`)).status).toBe(404);
    expect((await api.get(`${files}/${randomUUID()}`)).status).toBe(404);
  });

  test("bytes are sent with a sandbox policy and nosniff, so a stored HTML file runs no script on the service's origin", async () => {
    const file = await upload(Buffer.from('<script>alert(document.cookie)</script>'));
    for (const url of [file.url, `${t.url}/silo/v1/entries/${entryId}/files/${file.id}`]) {
      const reply = await fetchBytes(url, url === file.url ? {} : { authorization: `Bearer ${token}` });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-security-policy')).toBe('sandbox');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
  });

  test('a suffix range longer than the file is the whole file (RFC 9110), not 416', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    const file = await upload(bytes);
    const whole = await fetchBytes(file.url, { range: 'bytes=-99999999999' });
    expect(whole.status).toBe(206);
    expect(whole.headers.get('content-range')).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(whole.bytes.equals(bytes)).toBe(true);
    const tail = await fetchBytes(file.url, { range: 'bytes=-4' });
    expect(tail.bytes.toString()).toBe('cdef');
    expect((await fetchBytes(file.url, { range: 'bytes=-0' })).status).toBe(416);
    expect((await fetchBytes(file.url, { range: `bytes=${bytes.length}-` })).status).toBe(416);
    const open = await fetchBytes(file.url, { range: 'bytes=10-99999' });
    expect(open.headers.get('content-range')).toBe(`bytes 10-${bytes.length - 1}/${bytes.length}`);
  });
});

describe("a file's url is absolute and signed: fetched without a token until it expires", () => {
  test("the url of the upload, of the metadata and of the entry's attachments works with plain fetch and no token", async () => {
    const bytes = Buffer.from('%PDF-1.7 signed link');
    const file = await upload(bytes, { name: 'invoice.pdf', mime: 'application/pdf' });
    const url = new URL(file.url);
    expect(`${url.protocol}//${url.host}`).toBe(t.url);
    expect(url.pathname).toBe(`/silo/v1/entries/${entryId}/files/${file.id}/download`);
    const expires = Number(url.searchParams.get('expires'));
    expect(Math.abs(expires - (Date.now() / 1000 + 3600))).toBeLessThan(10);
    expect(file.url).not.toContain(workspace);

    const entry = await api.get(`/silo/v1/entries/${entryId}`);
    const listed = (await api.get('/silo/v1/entries')).body.list.find((e: { id: string }) => e.id === entryId);
    const meta = await api.get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`);
    for (const link of [file.url, entry.body.attachments[0].url, listed.attachments[0].url, meta.body.url]) {
      const reply = await fetchBytes(link);
      expect(reply.status).toBe(200);
      expect(reply.bytes.equals(bytes)).toBe(true);
    }
    // The same query opens the file's own path; HEAD too.
    const atPath = await fetchBytes(`${t.url}/silo/v1/entries/${entryId}/files/${file.id}${url.search}`);
    expect(atPath.bytes.equals(bytes)).toBe(true);
    expect((await fetch(file.url, { method: 'HEAD' })).status).toBe(200);
    // A token still works without the query; no token and no link is 401.
    expect((await fetchBytes(`${url.origin}${url.pathname}`, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await fetchBytes(`${url.origin}${url.pathname}`)).status).toBe(401);
  });

  test('an expired link is 403, though its signature is right', async () => {
    const file = await upload(Buffer.from('expiring'));
    const past = new FileLinks(SECRET, 60_000, () => Date.now() - 120_000).query(workspace, { entryId, fileId: file.id });
    const reply = await fetchBytes(`${t.url}/silo/v1/entries/${entryId}/files/${file.id}/download?${past}`);
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.bytes.toString())).toEqual({
      key: 'forbidden',
      code: 'forbidden',
      message: expect.stringContaining('expired'),
    });
    // The same link made now works: only its expiry differs.
    const now = new FileLinks(SECRET, 60_000).query(workspace, { entryId, fileId: file.id });
    expect((await fetchBytes(`${t.url}/silo/v1/entries/${entryId}/files/${file.id}/download?${now}`)).status).toBe(200);
  });

  test('an altered link is 403: a later expiry, another signature, a missing part', async () => {
    const file = await upload(Buffer.from('untouchable'));
    const altered = [
      withQuery(file.url, (q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      withQuery(file.url, (q) => q.set('signature', `${q.get('signature')!.slice(0, -1)}${q.get('signature')!.endsWith('A') ? 'B' : 'A'}`)),
      withQuery(file.url, (q) =>
        q.set('signature', `${q.get('signature')!.slice(0, 1) === 'A' ? 'B' : 'A'}${q.get('signature')!.slice(1)}`),
      ),
      withQuery(file.url, (q) => q.set('scope', `${q.get('scope')!.slice(0, -2)}AA`)),
      withQuery(file.url, (q) => q.delete('scope')),
      withQuery(file.url, (q) => q.delete('signature')),
      withQuery(file.url, (q) => q.set('expires', 'soon')),
    ];
    for (const link of altered) {
      const reply = await fetchBytes(link);
      expect([link, reply.status]).toEqual([link, 403]);
      expect(JSON.parse(reply.bytes.toString())).toMatchObject({ key: 'forbidden' });
    }
    expect((await fetchBytes(file.url)).status).toBe(200);
  });

  test('a link serves only the file and the workspace it was made for', async () => {
    const mine = await upload(Buffer.from('mine'));
    const sibling = await upload(Buffer.from('sibling'));
    const query = new URL(mine.url).search;
    expect((await fetchBytes(`${t.url}/silo/v1/entries/${entryId}/files/${sibling.id}/download${query}`)).status).toBe(403);
    const otherEntry = (await api.post('/silo/v1/entries', { data: party('Other Ltd') })).body.id;
    expect((await fetchBytes(`${t.url}/silo/v1/entries/${otherEntry}/files/${mine.id}/download${query}`)).status).toBe(403);

    // The same entry id and file id in another workspace: each link gives its own workspace's bytes only.
    const sharedEntry = randomUUID();
    const sharedFile = randomUUID();
    const other = client(t.url, await tokenFor(newWorkspace()));
    expect((await api.put(`/silo/v1/entries/${sharedEntry}`, { data: party('Twin A') })).status).toBe(200);
    expect((await other.put(`/silo/v1/entries/${sharedEntry}`, { data: party('Twin B') })).status).toBe(200);
    const a = await upload(Buffer.from('workspace A'), {}, api, sharedEntry, sharedFile);
    const b = await upload(Buffer.from('workspace B'), {}, other, sharedEntry, sharedFile);
    expect((await fetchBytes(a.url)).bytes.toString()).toBe('workspace A');
    expect((await fetchBytes(b.url)).bytes.toString()).toBe('workspace B');
    const scopeOfB = new URL(b.url).searchParams.get('scope')!;
    expect((await fetchBytes(withQuery(a.url, (q) => q.set('scope', scopeOfB)))).status).toBe(403);
    // With a token, the token decides: another workspace's token finds nothing, the link notwithstanding.
    expect((await fetchBytes(a.url, { authorization: `Bearer ${await tokenFor(newWorkspace())}` })).status).toBe(404);
  });

  test('a private file has no public link: its url wants a token, and no link opens it', async () => {
    const file = await upload(Buffer.from('private'), { private: true });
    expect(file.private).toBe(true);
    expect(new URL(file.url).search).toBe('');
    expect((await fetchBytes(file.url)).status).toBe(401);
    expect((await fetchBytes(file.url, { authorization: `Bearer ${token}` })).status).toBe(200);
    const crafted = new FileLinks(SECRET, 60_000).query(workspace, { entryId, fileId: file.id });
    expect((await fetchBytes(`${file.url}?${crafted}`)).status).toBe(403);
  });
});

describe("the links' secret", () => {
  /** The environment of another server on the same database as `t`, with its own DATA_DIR. */
  const sameDatabase = (dataDir: string): Record<string, string> => ({
    DATA_DIR: dataDir,
    ...(t.config.database.type === 'sqlite' ? { DATABASE_URL: `sqlite:${t.config.database.file}` } : {}),
  });
  /** A link's path and query, sent to another server. */
  const on = (server: TestServer, url: string, prefix = '') =>
    `${server.url}${new URL(url).pathname.slice(prefix.length)}${new URL(url).search}`;

  test("replacing FILE_LINK_SECRET revokes every link; PUBLIC_BASE_URL makes the urls' address", async () => {
    const file = await upload(Buffer.from('revocable'));
    const dir = mkdtempSync(path.join(tmpdir(), 'file-links-'));
    const rotated = await startServer({
      ...sameDatabase(dir),
      FILE_LINK_SECRET: OTHER_SECRET,
      PUBLIC_BASE_URL: 'https://files.example.com/base/',
    });
    try {
      expect((await fetchBytes(on(rotated, file.url))).status).toBe(403);
      const fresh = await client(rotated.url, token).get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`);
      expect(fresh.body.url).toMatch(/^https:\/\/files\.example\.com\/base\/silo\/v1\/entries\//);
      expect((await fetchBytes(on(rotated, fresh.body.url, '/base'))).bytes.toString()).toBe('revocable');
      // And the new secret's links are nothing to the old one.
      expect((await fetchBytes(on(t, fresh.body.url, '/base'))).status).toBe(403);
    } finally {
      await rotated.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('without FILE_LINK_SECRET it is kept in DATA_DIR (0600): links outlive a restart, and replacing the file revokes them', async () => {
    const file = await upload(Buffer.from('kept'));
    const dir = mkdtempSync(path.join(tmpdir(), 'file-links-'));
    try {
      const first = await startServer(sameDatabase(dir));
      const link = (await client(first.url, token).get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`)).body.url as string;
      await first.close();
      const secretFile = path.join(dir, FILE_LINK_SECRET_FILE);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(secretFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);

      const again = await startServer(sameDatabase(dir));
      expect((await fetchBytes(on(again, link))).bytes.toString()).toBe('kept');
      await again.close();

      writeFileSync(secretFile, 'a-replaced-secret-0123456789abcdefghijklmnop\n');
      const revoked = await startServer(sameDatabase(dir));
      expect((await fetchBytes(on(revoked, link))).status).toBe(403);
      await revoked.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
