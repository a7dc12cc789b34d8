import { createHash, randomBytes } from 'node:crypto';
import { FILE_CHUNK_BYTES } from '../../src/domain/files/file-content';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

const LIMIT = 3 * 1024 * 1024;
const ITEMS = 3;
let t: TestServer;
let workspace: string;
let token: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer({ FILE_SIZE_LIMIT: String(LIMIT), SPOOL_ITEMS_LIMIT: String(ITEMS) });
});
beforeEach(async () => {
  workspace = newWorkspace();
  token = await tokenFor(workspace);
  api = client(t.url, token);
});
afterAll(() => t.close());

const XML = Buffer.from('<?xml version="1.0"?><Invoice>1</Invoice>');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A spool upload; a null type is left out. */
const upload = (bytes: Buffer, name = 'invoice.xml', type: string | null = 'application/xml', using = api) =>
  using.post('/silo/v1/spool', { data: bytes.toString('base64'), name, ...(type === null ? {} : { type }) });

/** The bytes behind a spool key, with the answer's headers (checked against the description like every answer). */
async function download(key: string, bearer = token) {
  const response = await fetch(`${t.url}/silo/v1/spool/${key}`, { headers: { authorization: `Bearer ${bearer}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What the database holds for a workspace's spool: its rows, and the chunks of their bytes. */
async function stored(server: TestServer, ws: string) {
  const rows = (await server.server.dataSource.query('SELECT spool_key, content_id FROM spool_items WHERE workspace_id = ?', [ws])) as {
    spool_key: string;
    content_id: string;
  }[];
  const [chunks] = (await server.server.dataSource.query('SELECT COUNT(*) AS n FROM file_content_chunks WHERE workspace_id = ?', [ws])) as {
    n: number | string;
  }[];
  return { keys: rows.map((row) => row.spool_key), chunks: Number(chunks.n) };
}

describe('the spool', () => {
  test('an upload answers its key; the key gives back the same bytes with the same type', async () => {
    const before = Date.now();
    const up = await upload(XML);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ name: 'invoice.xml', type: 'application/xml', size: XML.length, hash: sha256(XML) });
    expect(up.body.key).toMatch(/^\d{4}-W\d{2}-[0-9a-f]{20}-invoice\.xml$/);
    expect(up.body.url).toBe(`${t.url}/silo/v1/spool/${up.body.key}`);
    const lifetime = Date.parse(up.body.expires_at) - Date.parse(up.body.created_at);
    expect(lifetime).toBe(86_400_000);
    expect(Date.parse(up.body.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const down = await download(up.body.key);
    expect(down.status).toBe(200);
    expect(down.bytes.equals(XML)).toBe(true);
    expect(down.headers.get('content-type')).toBe('application/xml');
    expect(down.headers.get('content-length')).toBe(String(XML.length));
    expect(down.headers.get('etag')).toBe(`"${sha256(XML)}"`);
    expect(down.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''invoice.xml");
  });

  test("the url is absolute, as a file's: fetched with the token it answers the bytes; without one it is 401", async () => {
    const up = await upload(XML, 'linked.xml');
    const url = new URL(up.body.url);
    expect(url.origin).toBe(new URL(t.url).origin);
    expect(url.pathname).toBe(`/silo/v1/spool/${up.body.key}`);
    const fetched = await fetch(up.body.url, { headers: { authorization: `Bearer ${token}` } });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/xml');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(XML)).toBe(true);
    expect((await fetch(up.body.url)).status).toBe(401);
  });

  test('bytes over several stored chunks come back whole; a type with parameters comes back as sent', async () => {
    const bytes = randomBytes(2 * FILE_CHUNK_BYTES + 4321);
    const up = await upload(bytes, 'scan.pdf', 'application/pdf; name="scan pdf"');
    expect(up.status).toBe(200);
    const down = await download(up.body.key);
    expect(down.bytes.equals(bytes)).toBe(true);
    expect(down.headers.get('content-type')).toBe('application/pdf; name="scan pdf"');
    expect((await stored(t, workspace)).chunks).toBe(3);
  });

  test('a name beyond ASCII is kept; the key holds only what is safe in a path', async () => {
    const up = await upload(XML, 'factura nº 7 (€).xml', null);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ name: 'factura nº 7 (€).xml', type: 'application/octet-stream' });
    expect(up.body.key).toMatch(/-factura_n__7____\.xml$/);
    const down = await download(up.body.key);
    expect(down.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''factura%20n%C2%BA%207%20%28%E2%82%AC%29.xml");
  });

  test('an empty file is spooled and downloaded empty', async () => {
    const up = await upload(Buffer.alloc(0), 'empty.txt', 'text/plain');
    expect(up.status).toBe(200);
    expect(up.body.size).toBe(0);
    const down = await download(up.body.key);
    expect(down.status).toBe(200);
    expect(down.bytes.length).toBe(0);
    expect(down.headers.get('content-type')).toBe('text/plain');
  });

  test('delete answers 204; then the key is 404, to read and to delete', async () => {
    const { key } = (await upload(XML)).body;
    const deleted = await api.send('DELETE', `/silo/v1/spool/${key}`);
    expect(deleted.status).toBe(204);
    expect(await stored(t, workspace)).toEqual({ keys: [], chunks: 0 });
    const gone = await api.get(`/silo/v1/spool/${key}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ key: 'not-found', code: 'not-found' });
    expect((await api.send('DELETE', `/silo/v1/spool/${key}`)).status).toBe(404);
    expect((await api.get('/silo/v1/spool/2025-W01-00000000000000000000-none.xml')).status).toBe(404);
    expect((await api.get(`/silo/v1/spool/${'x'.repeat(300)}`)).status).toBe(404);
  });

  test("another workspace's key is not found, and stays for its owner", async () => {
    const { key } = (await upload(XML)).body;
    const other = client(t.url, await tokenFor(newWorkspace()));
    expect((await other.get(`/silo/v1/spool/${key}`)).status).toBe(404);
    expect((await other.send('DELETE', `/silo/v1/spool/${key}`)).status).toBe(404);
    expect((await download(key)).bytes.equals(XML)).toBe(true);
  });

  test('a file over FILE_SIZE_LIMIT is 413, and nothing is stored', async () => {
    const over = await upload(Buffer.alloc(LIMIT + 1, 1));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ key: 'payload-too-large', code: 'payload-too-large' });
    // A body past what any file of the limit needs is refused before it is read.
    const huge = await api.post('/silo/v1/spool', `{"name":"a.bin","data":"${'A'.repeat(Math.ceil((LIMIT * 4) / 3) + 128 * 1024)}"}`);
    expect(huge.status).toBe(413);
    expect(await stored(t, workspace)).toEqual({ keys: [], chunks: 0 });
  });

  test.each([
    ['data not base64', { data: 'not base64!', name: 'a.xml' }, 'data'],
    ['data cut short', { data: 'QUJD=', name: 'a.xml' }, 'data'],
    ['no data', { name: 'a.xml' }, 'data'],
    ['no name', { data: 'QUJD' }, 'name'],
    ['an empty name', { data: 'QUJD', name: '' }, 'name'],
    ['a name with a slash', { data: 'QUJD', name: 'a/b.xml' }, 'name'],
    ['a name with a backslash', { data: 'QUJD', name: 'a\\b.xml' }, 'name'],
    ['a name with a control character', { data: 'QUJD', name: 'a\u0007b.xml' }, 'name'],
    ['a name with a newline', { data: 'QUJD', name: 'a\nb.xml' }, 'name'],
    ['a name of 256 characters', { data: 'QUJD', name: 'n'.repeat(256) }, 'name'],
    ['the name ..', { data: 'QUJD', name: '..' }, 'name'],
    ['a name with a lone surrogate', { data: 'QUJD', name: 'a\ud800.xml' }, 'name'],
    ['a type without a subtype', { data: 'QUJD', name: 'a.xml', type: 'xml' }, 'type'],
    ['a type with a space', { data: 'QUJD', name: 'a.xml', type: 'application/x ml' }, 'type'],
    ['a type beyond ASCII', { data: 'QUJD', name: 'a.xml', type: 'text/plàin' }, 'type'],
    ['a parameter without a value', { data: 'QUJD', name: 'a.xml', type: 'text/plain; charset' }, 'type'],
    ['a type with a line break', { data: 'QUJD', name: 'a.xml', type: 'text/plain\r\nX-Evil: 1' }, 'type'],
    ['a type too long', { data: 'QUJD', name: 'a.xml', type: `text/${'x'.repeat(300)}` }, 'type'],
  ])('%s is 400 naming %s, and nothing is stored', async (_name, body, field) => {
    const reply = await api.post('/silo/v1/spool', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'input', code: 'input' });
    expect(reply.body.fields).toHaveProperty(field);
    expect(await stored(t, workspace)).toEqual({ keys: [], chunks: 0 });
  });

  test(`a workspace holds at most SPOOL_ITEMS_LIMIT live files (${ITEMS} here); deleting one makes room`, async () => {
    const keys: string[] = [];
    for (let i = 0; i < ITEMS; i++) keys.push((await upload(XML, `f${i}.xml`)).body.key);
    const full = await upload(XML, 'one-more.xml');
    expect(full.status).toBe(413);
    expect(full.body).toMatchObject({
      key: 'payload-too-large',
      code: 'payload-too-large',
      message: expect.stringContaining(`${ITEMS} files`),
    });
    // Another workspace has its own room.
    expect((await upload(XML, 'elsewhere.xml', 'application/xml', client(t.url, await tokenFor(newWorkspace())))).status).toBe(200);
    expect((await api.send('DELETE', `/silo/v1/spool/${keys[0]}`)).status).toBe(204);
    expect((await upload(XML, 'one-more.xml')).status).toBe(200);
    expect((await stored(t, workspace)).keys).toHaveLength(ITEMS);
  });

  test('other methods are 405', async () => {
    expect((await api.put('/silo/v1/spool', {})).status).toBe(405);
    expect((await api.post('/silo/v1/spool/some-key', {})).status).toBe(405);
  });
});

test("PUBLIC_BASE_URL makes the url's address, as it makes a file's", async () => {
  const behind = await startServer({ PUBLIC_BASE_URL: 'https://silo.example.com/base' });
  try {
    const up = await upload(XML, 'proxied.xml', 'application/xml', client(behind.url, await tokenFor(newWorkspace())));
    expect(up.status).toBe(200);
    expect(up.body.url).toBe(`https://silo.example.com/base/silo/v1/spool/${up.body.key}`);
  } finally {
    await behind.close();
  }
});

describe('spooled files expire', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startServer({ SPOOL_LIFETIME: '1s' });
  });
  afterAll(() => short.close());

  test('an expired key is 404 to read and to delete, and its rows are gone', async () => {
    const ws = newWorkspace();
    const spool = client(short.url, await tokenFor(ws));
    const up = await upload(XML, 'brief.xml', 'application/xml', spool);
    expect(up.status).toBe(200);
    expect(Date.parse(up.body.expires_at) - Date.parse(up.body.created_at)).toBe(1000);
    expect((await spool.get(`/silo/v1/spool/${up.body.key}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await spool.get(`/silo/v1/spool/${up.body.key}`)).status).toBe(404);
    expect((await spool.send('DELETE', `/silo/v1/spool/${up.body.key}`)).status).toBe(404);
    expect(await stored(short, ws)).toEqual({ keys: [], chunks: 0 });
  });

  test('the sweep deletes expired files nobody asks for', async () => {
    const ws = newWorkspace();
    const spool = client(short.url, await tokenFor(ws));
    for (const name of ['a.xml', 'b.xml']) expect((await upload(XML, name, 'application/xml', spool)).status).toBe(200);
    expect((await stored(short, ws)).keys).toHaveLength(2);
    // The sweep runs every second when files live a second: within a few, both are gone, rows and bytes.
    const deadline = Date.now() + 5000;
    while ((await stored(short, ws)).keys.length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(short, ws)).toEqual({ keys: [], chunks: 0 });
  });

  test('expired files do not count against the limit', async () => {
    const limited = await startServer({ SPOOL_LIFETIME: '1s', SPOOL_ITEMS_LIMIT: '1' });
    try {
      const spool = client(limited.url, await tokenFor(newWorkspace()));
      expect((await upload(XML, 'a.xml', 'application/xml', spool)).status).toBe(200);
      expect((await upload(XML, 'b.xml', 'application/xml', spool)).status).toBe(413);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await upload(XML, 'c.xml', 'application/xml', spool)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
