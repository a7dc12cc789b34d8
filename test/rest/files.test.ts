import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { FILE_CHUNK_BYTES } from '../../src/domain/files/file-content';
import { answerProblem } from '../helpers/openapi-check';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

const LIMIT = 3 * 1024 * 1024;
let t: TestServer;
let token: string;
let api: ReturnType<typeof client>;
let entryId: string;

beforeAll(async () => {
  t = await startServer({ FILE_SIZE_LIMIT: String(LIMIT) });
});
beforeEach(async () => {
  token = await tokenFor(newWorkspace());
  api = client(t.url, token);
  const entry = await api.post('/silo/v1/entries', { data: party('Files Ltd') });
  expect(entry.status).toBe(200);
  entryId = entry.body.id;
});
afterAll(() => t.close());

/** A PDF-like file spanning more than two stored chunks. */
const pdf = (size = 2 * FILE_CHUNK_BYTES + 12_345) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function form(bytes: Buffer, fields: Record<string, string> = {}, filename = 'invoice.pdf', type = 'application/pdf'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', new Blob([bytes], { type }), filename);
  return body;
}

/** The bytes behind a file's url, with the answer's headers; checked against the description like every answer. */
async function download(path: string, headers: Record<string, string> = {}, bearer = token) {
  const response = await fetch(new URL(path, t.url), { headers: { authorization: `Bearer ${bearer}`, ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  const problem = answerProblem(
    'GET',
    path,
    response.status,
    type,
    type?.startsWith('application/json') ? JSON.parse(bytes.toString() || 'null') : bytes,
  );
  if (problem) throw new Error(problem);
  return { status: response.status, headers: response.headers, bytes };
}

describe('files on entries', () => {
  test('a multipart upload is stored, hashed and described; the entry lists it; the bytes come back whole', async () => {
    const bytes = pdf();
    const up = await api.post(
      `/silo/v1/entries/${entryId}/files`,
      form(bytes, { key: 'pdf', category: 'format', desc: 'The invoice', meta: '{"lang":"es"}' }),
    );
    expect(up.status).toBe(200);
    const file = up.body;
    expect(file).toMatchObject({
      entry_id: entryId,
      name: 'invoice.pdf',
      mime: 'application/pdf',
      size: bytes.length,
      hash: sha256(bytes),
      stored: true,
      key: 'pdf',
      category: 'format',
      desc: 'The invoice',
      meta: { lang: 'es' },
      previous: [],
    });
    // Absolute and signed; the signature's expiry moves with the clock, so urls are compared by their path.
    const urlPath = `${t.url}/silo/v1/entries/${entryId}/files/${file.id}/download?`;
    expect(file.url.startsWith(urlPath)).toBe(true);
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api.get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`)).body).toEqual({
      ...file,
      url: expect.stringMatching(/^http/),
    });

    const entry = await api.get(`/silo/v1/entries/${entryId}`);
    expect(entry.body.attachments).toEqual([expect.objectContaining({ id: file.id, name: 'invoice.pdf', hash: file.hash })]);
    expect(entry.body.attachments[0].url.startsWith(urlPath)).toBe(true);
    expect((await api.get('/silo/v1/entries')).body.list[0].attachments).toHaveLength(1);

    const whole = await download(file.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(whole.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(bytes)).toBe(true);
  });

  test('ranges: one range is 206 (across a chunk boundary too), a suffix, outside the file is 416; If-None-Match is 304', async () => {
    const bytes = pdf();
    const { body: file } = await api.post(`/silo/v1/entries/${entryId}/files`, form(bytes));
    const part = await download(file.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);

    const across = await download(file.url, { range: `bytes=${FILE_CHUNK_BYTES - 10}-${FILE_CHUNK_BYTES + 9}` });
    expect(across.status).toBe(206);
    expect(across.bytes.equals(bytes.subarray(FILE_CHUNK_BYTES - 10, FILE_CHUNK_BYTES + 10))).toBe(true);

    const tail = await download(file.url, { range: 'bytes=-10' });
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await download(file.url, { range: `bytes=${bytes.length + 5}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect(JSON.parse(outside.bytes.toString())).toMatchObject({ key: 'range-not-satisfiable' });

    const etag = `"${sha256(bytes)}"`;
    const unchanged = await download(file.url, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    const stale = await download(file.url, { range: 'bytes=0-9', 'if-range': '"another"' });
    expect(stale.status).toBe(200);
    expect(stale.bytes.length).toBe(bytes.length);
  });

  test('PUT with a chosen id creates the file; PUT again replaces it and keeps the earlier content as a version', async () => {
    const id = randomUUID();
    const first = Buffer.from('<xml>first</xml>');
    const second = Buffer.from('<xml>second, longer</xml>');
    const created = await api.put(`/silo/v1/entries/${entryId}/files/${id}`, {
      name: 'invoice.xml',
      mime: 'application/xml',
      data: first.toString('base64'),
      sha256: sha256(first),
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id,
      name: 'invoice.xml',
      mime: 'application/xml',
      size: first.length,
      hash: sha256(first),
      previous: [],
    });

    const replaced = await api.put(
      `/silo/v1/entries/${entryId}/files/${id}`,
      form(second, { name: 'invoice-v2.xml' }, 'ignored.xml', 'application/xml'),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id,
      name: 'invoice-v2.xml',
      size: second.length,
      hash: sha256(second),
      created_at: created.body.created_at,
    });
    expect(replaced.body.previous).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(String), hash: sha256(first), size: first.length },
    ]);
    expect(replaced.body.previous[0].id).not.toBe(id);

    const third = Buffer.from('<xml>third</xml>');
    const again = await api.put(`/silo/v1/entries/${entryId}/files/${id}`, { name: 'invoice-v3.xml', data: third.toString('base64') });
    expect(again.body.previous.map((v: { hash: string }) => v.hash)).toEqual([sha256(second), sha256(first)]);

    expect((await download(again.body.url)).bytes.equals(third)).toBe(true);
    expect((await download(`/silo/v1/entries/${entryId}/files/${again.body.previous[0].id}/download`)).bytes.equals(second)).toBe(true);
    expect((await download(`/silo/v1/entries/${entryId}/files/${again.body.previous[1].id}/download`)).bytes.equals(first)).toBe(true);
    expect((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments).toHaveLength(1);
  });

  test('the JSON form without data makes a placeholder; its bytes PUT to its url must be what it declared', async () => {
    const bytes = pdf(FILE_CHUNK_BYTES + 10);
    const declared = { name: 'later.pdf', mime: 'application/pdf', sha256: sha256(bytes), size: bytes.length };
    const missing = await api.post(`/silo/v1/entries/${entryId}/files`, { name: 'later.pdf' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['mime', 'sha256', 'size']);

    const placeholder = await api.post(`/silo/v1/entries/${entryId}/files`, declared);
    expect(placeholder.status).toBe(200);
    expect(placeholder.body).toMatchObject({
      name: declared.name,
      mime: declared.mime,
      size: declared.size,
      hash: sha256(bytes),
      stored: false,
    });
    expect(placeholder.body).not.toHaveProperty('sha256');
    const url = placeholder.body.url;
    expect((await download(placeholder.body.url)).status).toBe(404);

    const put = (body: Buffer) =>
      fetch(url, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body });
    const wrong = await put(Buffer.concat([bytes.subarray(0, 5), Buffer.from('x'), bytes.subarray(6)]));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: unknown }).fields).toEqual({ sha256: expect.any(String) });
    const stored = await put(bytes);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ stored: true, hash: sha256(bytes), size: bytes.length });
    expect((await download(placeholder.body.url)).bytes.equals(bytes)).toBe(true);
    expect((await put(bytes)).status).toBe(409);
    expect((await api.post(`/silo/v1/entries/${entryId}/files`, { ...declared, size: LIMIT + 1 })).status).toBe(413);
  });

  test('a file over FILE_SIZE_LIMIT is 413 and nothing is stored, whether its length is declared or streamed', async () => {
    const big = pdf(LIMIT + 1);
    const declared = await api.post(`/silo/v1/entries/${entryId}/files`, form(big));
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ key: 'payload-too-large' });

    // No Content-Length: the limit is met while streaming.
    const encoded = new Request('http://localhost', { method: 'POST', body: form(big) });
    const streamed = await fetch(`${t.url}/silo/v1/entries/${entryId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);

    const json = await api.post(`/silo/v1/entries/${entryId}/files`, { name: 'big.pdf', data: big.toString('base64') });
    expect(json.status).toBe(413);
    expect((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments).toEqual([]);
  });

  test('an upload over FILE_SIZE_LIMIT is refused while it streams in, not once it is all buffered', async () => {
    // A chunked multipart upload that would go on to ten times the limit: the 413 must come back before
    // the client has sent much more than the limit.
    const boundary = 'x-boundary';
    const url = new URL(`${t.url}/silo/v1/entries/${entryId}/files`);
    let sent = 0;
    const answer = await new Promise<{ status: number; sentWhenAnswered: number }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (response) => {
          resolve({ status: response.statusCode!, sentWhenAnswered: sent });
          response.resume();
          request.destroy();
        },
      );
      // The service closes the connection once it has answered: a client still writing may see the socket go
      // (EPIPE, reset) before it has read the 413. That too is a refusal while streaming, counted where it came.
      const closed = () => resolve({ status: 0, sentWhenAnswered: sent });
      request.on('error', closed);
      request.on('close', closed);
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const chunk = randomBytes(256 * 1024);
      const pump = () => {
        if (request.destroyed) return;
        if (sent >= 10 * LIMIT) return reject(new Error('no answer before ten times the limit was sent'));
        sent += chunk.length;
        if (request.write(chunk)) setImmediate(pump);
        else request.once('drain', pump);
      };
      pump();
    });
    expect([413, 0]).toContain(answer.status);
    expect(answer.sentWhenAnswered).toBeLessThan(3 * LIMIT);
    expect((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments).toEqual([]);
  });

  test("another workspace's entry and files are not found; a signed entry still takes files", async () => {
    const { body: file } = await api.post(`/silo/v1/entries/${entryId}/files`, form(Buffer.from('%PDF-1.7 tiny')));
    const otherToken = await tokenFor(newWorkspace());
    const other = client(t.url, otherToken);
    expect((await other.get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`)).status).toBe(404);
    expect((await other.get(`/silo/v1/entries/${entryId}/files/${file.id}`)).status).toBe(404);
    expect((await download(file.url, {}, otherToken)).status).toBe(404);
    expect((await other.post(`/silo/v1/entries/${entryId}/files`, form(Buffer.from('x')))).status).toBe(404);
    expect((await other.put(`/silo/v1/entries/${entryId}/files/${file.id}`, { name: 'x', data: 'eA==' })).status).toBe(404);
    expect((await api.get(`/silo/v1/entries/${entryId}/files/${file.id}/meta`)).body.previous).toEqual([]);

    const signed = await api.post('/silo/v1/entries', { data: party('Signed Ltd'), sign: true });
    expect(signed.body.signed).toBe(true);
    expect((await api.post(`/silo/v1/entries/${signed.body.id}/files`, form(Buffer.from('%PDF')))).status).toBe(200);
  });

  test('bad uploads are 400 naming the field, unknown ones 404, and nothing is stored', async () => {
    const id = randomUUID();
    const files = `/silo/v1/entries/${entryId}/files`;
    expect((await api.post(`/silo/v1/entries/${randomUUID()}/files`, form(Buffer.from('x')))).status).toBe(404);
    expect((await api.post('/silo/v1/entries/not-a-uuid/files', form(Buffer.from('x')))).body.fields).toEqual({
      entry_id: 'must be a UUID',
    });
    expect((await api.get(`${files}/${randomUUID()}/meta`)).status).toBe(404);
    expect((await download(`${files}/${randomUUID()}/download`)).status).toBe(404);

    const mismatch = await api.put(`${files}/${id}`, {
      name: 'a.txt',
      data: Buffer.from('abc').toString('base64'),
      sha256: sha256(Buffer.from('abd')),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ sha256: expect.any(String) });
    const noName = await api.post(files, { data: 'eA==' });
    expect(noName.body.fields).toEqual({ name: 'is required' });
    const badData = await api.post(files, { name: 'a', data: 'not base64!' });
    expect(badData.body.fields).toEqual({ data: 'must be base64' });
    const badTypes = await api.post(files, { name: 'a', data: 5, embeddable: 'yes' });
    expect(badTypes.status).toBe(400);
    expect(Object.keys(badTypes.body.fields).sort()).toEqual(['data', 'embeddable']);
    const badCategory = await api.post(files, form(Buffer.from('x'), { category: 'secret' }));
    expect(badCategory.body.fields).toEqual({ category: expect.stringContaining('format') });
    const noFile = new FormData();
    noFile.append('name', 'a.pdf');
    expect((await api.post(files, noFile)).body.fields).toEqual({ file: expect.any(String) });
    expect((await api.post(files, 'x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await client(t.url).post(files, form(Buffer.from('x')))).status).toBe(401);
    expect((await api.get(`${files}/${id}/meta`)).status).toBe(404);
    expect((await api.get(`/silo/v1/entries/${entryId}`)).body.attachments).toEqual([]);
  });
});
