import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/** What a file may carry and how many an entry holds: mime types, meta, files per entry, versions per file. */
let t: TestServer;
let token: string;
let api: ReturnType<typeof client>;
let entryId: string;
let workspace: string;
let files: string;

beforeAll(async () => {
  t = await startServer({ ENTRY_FILES_LIMIT: '3', FILE_VERSIONS_LIMIT: '2' });
});
beforeEach(async () => {
  workspace = newWorkspace();
  token = await tokenFor(workspace);
  api = client(t.url, token);
  const entry = await api.post('/silo/v1/entries', { data: party('Limits Ltd') });
  expect(entry.status).toBe(200);
  entryId = entry.body.id;
  files = `/silo/v1/entries/${entryId}/files`;
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const json = (name: string, bytes = randomBytes(100), extra: Record<string, unknown> = {}) => ({
  name,
  data: bytes.toString('base64'),
  ...extra,
});

function form(fields: Record<string, string>, bytes = Buffer.from('%PDF-1.7 tiny')): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([bytes], { type: 'application/pdf' }), 'a.pdf');
  return body;
}

async function countRows(table: 'file_contents' | 'file_content_chunks' | 'entry_attachments'): Promise<number> {
  const [row] = await t.server.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE workspace_id = ?`, [workspace]);
  return Number(row.n);
}

describe('mime types', () => {
  test.each([
    ['a non-ASCII parameter', 'text/plain; x=€'],
    ['a control character', 'text/plain; x="a\u0001b"'],
    ['a line break', 'text/plain\r\nX-Injected: 1'],
    ['a parameter without a value', 'text/plain; charset'],
    ['no subtype', 'text'],
  ])('%s is 400 naming mime, in the JSON form, a multipart field and a placeholder; nothing is stored', async (_what, mime) => {
    for (const answer of [
      await api.post(files, json('a.txt', undefined, { mime })),
      await api.put(`${files}/${randomUUID()}`, json('a.txt', undefined, { mime })),
      await api.post(files, form({ mime })),
      await api.post(files, { name: 'later.txt', mime, sha256: sha256(Buffer.from('x')), size: 1 }),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ key: 'input', fields: { mime: expect.any(String) } });
    }
    expect(await countRows('entry_attachments')).toBe(0);
  });

  test('a media type with parameters, quoted ones too, is stored and served as given', async () => {
    const mime = 'text/plain; charset=utf-8; note="a \\"quoted\\" b"';
    const bytes = Buffer.from('hello');
    const up = await api.post(files, json('a.txt', bytes, { mime }));
    expect(up.status).toBe(200);
    expect(up.body.mime).toBe(mime);
    const download = await fetch(up.body.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/plain');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('a file stored before media types were checked whole is still downloaded, as plain bytes', async () => {
    const bytes = Buffer.from('legacy');
    const up = await api.post(files, json('old.txt', bytes, { mime: 'text/plain' }));
    expect(up.status).toBe(200);
    // What an older version accepted: a parameter no HTTP header may carry.
    await t.server.dataSource.query('UPDATE entry_attachments SET mime = ? WHERE workspace_id = ? AND id = ?', [
      'text/plain; x=€',
      workspace,
      up.body.id,
    ]);
    for (const path of [`${files}/${up.body.id}`, `${files}/${up.body.id}/download`]) {
      const download = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/octet-stream');
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });
});

describe('meta', () => {
  const big = { note: 'x'.repeat(64 * 1024) };

  test('over 64 KiB is 413 naming meta, in the JSON form and as a multipart field; nothing is stored', async () => {
    const inJson = await api.post(files, json('a.bin', undefined, { meta: big }));
    expect(inJson.status).toBe(413);
    expect(inJson.body).toMatchObject({ key: 'payload-too-large', fields: { meta: expect.stringContaining('65536') } });
    const placeholder = await api.post(files, {
      name: 'later.bin',
      mime: 'application/pdf',
      sha256: sha256(Buffer.from('x')),
      size: 1,
      meta: big,
    });
    expect(placeholder.status).toBe(413);
    const inForm = await api.post(files, form({ meta: JSON.stringify(big) }));
    expect(inForm.status).toBe(413);
    expect(inForm.body).toMatchObject({ key: 'payload-too-large', fields: { meta: expect.any(String) } });
    expect(await countRows('entry_attachments')).toBe(0);
  });

  test('up to 64 KiB is stored', async () => {
    const meta = { note: 'x'.repeat(60 * 1024) };
    const up = await api.post(files, json('a.bin', undefined, { meta }));
    expect(up.status).toBe(200);
    expect(up.body.meta).toEqual(meta);
  });
});

describe('files per entry (ENTRY_FILES_LIMIT=3)', () => {
  test('a new file past the limit is 422, whatever its form; replacing one is not a new file', async () => {
    const id = randomUUID();
    expect((await api.put(`${files}/${id}`, json('one.bin'))).status).toBe(200);
    expect((await api.post(files, form({}))).status).toBe(200);
    expect((await api.post(files, { name: 'later.bin', mime: 'application/pdf', sha256: sha256(Buffer.from('x')), size: 1 })).status).toBe(
      200,
    );

    for (const answer of [
      await api.post(files, json('four.bin')),
      await api.put(`${files}/${randomUUID()}`, json('four.bin')),
      await api.post(files, form({})),
      await api.post(files, { name: 'later.bin', mime: 'application/pdf', sha256: sha256(Buffer.from('y')), size: 1 }),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ key: 'validation', message: expect.stringContaining('ENTRY_FILES_LIMIT') });
    }
    expect(await countRows('entry_attachments')).toBe(3);
    expect(await countRows('file_contents')).toBe(2);
    expect(await countRows('file_content_chunks')).toBe(2); // the refused contents' bytes are gone too

    const replaced = await api.put(`${files}/${id}`, json('one-v2.bin'));
    expect(replaced.status).toBe(200);
    expect(replaced.body.previous).toHaveLength(1);
    expect((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments).toHaveLength(3);
  });
});

describe('versions per file (FILE_VERSIONS_LIMIT=2)', () => {
  test('past the limit the oldest version goes, with its content; the newer ones stay', async () => {
    const id = randomUUID();
    const contents = Array.from({ length: 5 }, () => randomBytes(2000));
    const answers = [];
    for (const [i, bytes] of contents.entries()) answers.push(await api.put(`${files}/${id}`, json(`v${i}.bin`, bytes)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const file = answers[4].body;
    expect(file.hash).toBe(sha256(contents[4]));
    expect(file.previous.map((v: { hash: string }) => v.hash)).toEqual([sha256(contents[3]), sha256(contents[2])]);
    expect(await countRows('file_contents')).toBe(3);
    expect(await countRows('file_content_chunks')).toBe(3);

    const get = (path: string) => fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const oldest = answers[1].body.previous[0]; // contents[0], dropped
    expect((await get(`${files}/${oldest.id}/download`)).status).toBe(404);
    for (const version of file.previous) {
      const kept = await get(`${files}/${version.id}/download`);
      expect(kept.status).toBe(200);
      expect(sha256(Buffer.from(await kept.arrayBuffer()))).toBe(version.hash);
    }
  });
});
