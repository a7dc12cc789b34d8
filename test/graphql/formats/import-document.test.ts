import { createHash } from 'node:crypto';
import http from 'node:http';
import { print } from 'graphql';
import { einvoice } from '../../helpers/documents';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../../helpers/server';
import { ImportDocumentDocument, type ImportDocumentMutation, type ImportDocumentMutationVariables } from '../generated/graphql';
import { apisFor, type GraphQLReply } from '../graphql-client';

/**
 * Mutation.importDocument: a received e-invoice stored as an entry, as POST /silo/v1/entries stores an XML or PDF
 * body; the XML as a string, or the XML or a Factur-X PDF uploaded by the GraphQL multipart request spec.
 */
const BODY_LIMIT = 256 * 1024;
const FILE_SIZE_LIMIT = 2 * 1024 * 1024;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ BODY_LIMIT: String(BODY_LIMIT), FILE_SIZE_LIMIT: String(FILE_SIZE_LIMIT) });
});
afterAll(() => t.close());

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

interface Upload {
  bytes: string | Uint8Array;
  type: string;
  name: string;
}

/** The mutation as a multipart request (operations, map, then the file), as Apollo's upload link and urql send it. */
async function importByUpload(
  token: string | undefined,
  input: Omit<ImportDocumentMutationVariables['input'], 'file'>,
  file: Upload,
  headers: Record<string, string> = PREFLIGHT,
): Promise<GraphQLReply<ImportDocumentMutation> & { body: any }> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: print(ImportDocumentDocument), variables: { input: { ...input, file: null } } }));
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.append('0', new Blob([file.bytes], { type: file.type }), file.name);
  return sendForm(token, form, headers);
}

async function sendForm(token: string | undefined, form: FormData, headers: Record<string, string> = PREFLIGHT) {
  const response = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** An invoice of the service in `format`, as another system would send it (made in a workspace of its own). */
async function sent(format: 'ubl' | 'cii' | 'facturx'): Promise<Buffer> {
  const headers = { authorization: `Bearer ${await tokenFor(newWorkspace())}` };
  const created = await fetch(`${t.url}/silo/v1/entries`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ data: einvoice() }),
  });
  const { id } = (await created.json()) as { id: string };
  return Buffer.from(await (await fetch(`${t.url}/silo/v1/entries/${id}/formats/${format}`, { headers })).arrayBuffer());
}

const fileOf = (entry: any, key: string) => entry.attachments.find((file: any) => file.key === key);
const receivedMeta = (entry: any) => entry.meta.find((row: any) => row.key === 'einvoice')?.value;

describe('importDocument with an upload (the GraphQL multipart request spec)', () => {
  test('an uploaded XML is stored as the string would be, the original kept byte for byte', async () => {
    const { token, gql } = await apisFor(t.url);
    const xml = await sent('ubl');
    const reply = await importByUpload(
      token,
      { key: 'uploaded-xml', folder: 'purchases', clientMutationId: 'm-1' },
      {
        bytes: xml,
        type: 'application/xml',
        name: 'received.xml',
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    const { entry, clientMutationId } = reply.body.data.importDocument;
    expect(clientMutationId).toBe('m-1');
    expect(entry).toMatchObject({ key: 'uploaded-xml', folder: 'purchases' });
    expect(entry.data.doc.totals.payable).toBe('2178.00');
    expect(fileOf(entry, 'source')).toMatchObject({
      category: 'attachment',
      mime: 'application/xml',
      name: 'F-0001.xml',
      hash: sha256(xml),
    });
    expect(receivedMeta(entry)).toMatchObject({ syntax: 'ubl', differences: [] });
    // The same text as a string makes the same document (but for its new UUIDs and so its digest).
    const byString = await gql.run(ImportDocumentDocument, { input: { xml: xml.toString('utf8'), key: 'as-string' } });
    expect(byString.body.errors).toBeUndefined();
    const docOf = (data: any) => ({ ...data.doc, uuid: undefined });
    expect(docOf(byString.body.data!.importDocument.entry.data)).toEqual(docOf(entry.data));
  });

  test('an uploaded Factur-X PDF is stored from the invoice it carries, the PDF kept as the original', async () => {
    const { token } = await apisFor(t.url);
    const pdf = await sent('facturx');
    expect(pdf.length).toBeLessThan(FILE_SIZE_LIMIT);
    const reply = await importByUpload(token, { key: 'uploaded-pdf' }, { bytes: pdf, type: 'application/pdf', name: 'received.pdf' });
    expect(reply.body.errors).toBeUndefined();
    const { entry } = reply.body.data.importDocument;
    expect(entry.key).toBe('uploaded-pdf');
    expect(fileOf(entry, 'source')).toMatchObject({ mime: 'application/pdf', name: 'F-0001.pdf', hash: sha256(pdf) });
    expect(receivedMeta(entry)).toMatchObject({ syntax: 'cii', embedded: 'factur-x.xml', differences: [] });
    // A client that sends every file as application/octet-stream: its bytes say it is a PDF.
    const untyped = await importByUpload(token, { key: 'untyped-pdf' }, { bytes: pdf, type: 'application/octet-stream', name: 'x' });
    expect(untyped.body.errors).toBeUndefined();
    expect(fileOf(untyped.body.data.importDocument.entry, 'source')).toMatchObject({ mime: 'application/pdf', hash: sha256(pdf) });
  });

  test('the same operation again and again (compiled, then run as a known operation) takes each upload', async () => {
    const { token } = await apisFor(t.url);
    const xml = await sent('cii');
    for (const key of ['again-1', 'again-2', 'again-3', 'again-4']) {
      const reply = await importByUpload(token, { key }, { bytes: xml, type: 'text/xml', name: 'cii.xml' });
      expect(reply.body.errors).toBeUndefined();
      expect(reply.body.data.importDocument.entry.key).toBe(key);
      expect(receivedMeta(reply.body.data.importDocument.entry)).toMatchObject({ syntax: 'cii' });
    }
  });

  test('a body that is neither XML nor PDF is refused as the string is; not UTF-8 as REST refuses it', async () => {
    const { token, gql } = await apisFor(t.url);
    for (const text of ['not an invoice at all', '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>']) {
      const byString = await gql.run(ImportDocumentDocument, { input: { xml: text } });
      const byUpload = await importByUpload(token, {}, { bytes: text, type: 'text/plain', name: 'notes.txt' });
      expect(byUpload.status).toBe(200);
      expect(byString.body.errors).toHaveLength(1);
      expect(byUpload.body.errors).toEqual(byString.body.errors);
    }
    const binary = await importByUpload(
      token,
      {},
      { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]), type: 'image/png', name: 'a.png' },
    );
    expect(binary.body.errors[0]).toMatchObject({ message: 'the XML is not UTF-8', extensions: { code: 'BAD_USER_INPUT', key: 'input' } });
    const notPdf = await importByUpload(token, {}, { bytes: 'not a pdf at all', type: 'application/pdf', name: 'a.pdf' });
    expect(notPdf.body.errors[0].message).toContain('not a PDF');
    const entries = await fetch(`${t.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await entries.json()) as any).list).toEqual([]);
  });

  test('exactly one of xml and file: both, or neither, is BAD_USER_INPUT naming them', async () => {
    const { token, gql } = await apisFor(t.url);
    const xml = await sent('ubl');
    const both = await importByUpload(token, { xml: xml.toString('utf8') }, { bytes: xml, type: 'application/xml', name: 'a.xml' });
    const neither = await gql.run(ImportDocumentDocument, { input: { key: 'nothing' } });
    for (const errors of [both.body.errors, neither.body.errors]) {
      expect(errors[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        key: 'input',
        fields: { xml: expect.any(String), file: expect.any(String) },
      });
    }
    // A file in the JSON body (not a part of a multipart request) is no upload.
    const inline = await gql.run(ImportDocumentDocument, { input: { file: 'PD94bWwgdmVyc2lvbj0iMS4wIj8+' } });
    expect(inline.status).toBe(400);
    expect(inline.body.errors![0].message).toContain('Upload: send the file as a part of a multipart request');
    expect(inline.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
  });

  test("past the bounds of REST's import: an XML over BODY_LIMIT, a PDF over FILE_SIZE_LIMIT, 413 payload-too-large", async () => {
    const { token } = await apisFor(t.url);
    const pdf = await sent('facturx');
    const cases: Upload[] = [
      { bytes: `<Invoice>${'x'.repeat(BODY_LIMIT)}</Invoice>`, type: 'application/xml', name: 'big.xml' },
      { bytes: Buffer.concat([pdf, Buffer.alloc(FILE_SIZE_LIMIT)]), type: 'application/pdf', name: 'big.pdf' },
      // Told apart by its first bytes, whatever its part declares.
      { bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(FILE_SIZE_LIMIT)]), type: 'application/octet-stream', name: 'big' },
    ];
    for (const file of cases) {
      const reply = await importByUpload(token, { key: `big-${file.name}` }, file);
      expect(reply.status).toBe(413);
      expect(reply.body.errors).toEqual([
        { message: expect.stringContaining('is over'), extensions: { code: 'BAD_USER_INPUT', key: 'payload-too-large' } },
      ]);
    }
    // An XML of BODY_LIMIT itself is read (and refused as no e-invoice, as the string would be).
    const atLimit = await importByUpload(
      token,
      {},
      { bytes: `<a>${'x'.repeat(BODY_LIMIT - 7)}</a>`, type: 'application/xml', name: 'a.xml' },
    );
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors[0].message).toContain('not an e-invoice');
    const entries = await fetch(`${t.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await entries.json()) as any).list).toEqual([]);
  });

  test('refused before anything runs: no preflight header (CSRF), no token, a map naming no file, a file before the map', async () => {
    const token = await tokenFor(newWorkspace());
    const xml = await sent('ubl');
    const file = { bytes: xml, type: 'application/xml', name: 'a.xml' };
    const noPreflight = await importByUpload(token, { key: 'csrf' }, file, {});
    expect(noPreflight.status).toBe(400);
    expect(noPreflight.body.errors[0]).toMatchObject({
      message: expect.stringContaining('apollo-require-preflight'),
      extensions: { code: 'BAD_USER_INPUT', key: 'input' },
    });
    // Apollo's other header will do.
    const named = await importByUpload(token, { key: 'named' }, file, { 'x-apollo-operation-name': 'ImportDocument' });
    expect(named.body.data.importDocument.entry.key).toBe('named');
    const anonymous = await importByUpload(undefined, { key: 'anonymous' }, file);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

    const operations = JSON.stringify({ query: print(ImportDocumentDocument), variables: { input: { file: null } } });
    const unsent = new FormData();
    unsent.append('operations', operations);
    unsent.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
    const fileFirst = new FormData();
    fileFirst.append('0', new Blob([xml]), 'a.xml');
    fileFirst.append('operations', operations);
    const elsewhere = new FormData();
    elsewhere.append('operations', operations);
    elsewhere.append('map', JSON.stringify({ 0: ['variables.input.key'] }));
    elsewhere.append('0', new Blob([xml]), 'a.xml');
    for (const form of [unsent, fileFirst, elsewhere]) {
      const reply = await sendForm(token, form);
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input' });
    }
    const entries = await fetch(`${t.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await entries.json()) as any).list.map((entry: any) => entry.key)).toEqual(['named']);
  });

  test('a Content-Length past the bounds is 413 unread; a Content-Encoding 415', async () => {
    const token = await tokenFor(newWorkspace());
    /** Sends the head alone (and a few bytes): the answer comes before the body would. */
    const headOnly = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const request = http.request(`${t.url}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', ...PREFLIGHT, ...headers },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (piece) => (text += piece));
          response.on('end', () => {
            resolve({ status: response.statusCode!, body: JSON.parse(text) });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.write('--x\r\n');
      });
    const large = await headOnly({ 'content-length': String(2 * BODY_LIMIT + FILE_SIZE_LIMIT + 1024 * 1024) });
    expect(large.status).toBe(413);
    expect(large.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'payload-too-large' });
    const encoded = await headOnly({ 'content-encoding': 'gzip', 'content-length': '100' });
    expect(encoded.status).toBe(415);
    expect(encoded.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'unsupported-media-type' });
  });

  test('a query with no upload may be sent as a multipart request too', async () => {
    const { token } = await apisFor(t.url);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: '{ entries(first: 1) { edges { cursor } } }' }));
    form.append('map', '{}');
    const reply = await sendForm(token, form);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { entries: { edges: [] } } });
  });
});
