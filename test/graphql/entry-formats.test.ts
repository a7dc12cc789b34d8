import { FileLinks } from '../../src/http/file-links';
import { einvoice, invoice } from '../helpers/documents';
import { readPdf } from '../helpers/pdf-read';
import { startServer, type TestServer } from '../helpers/server';
import { AttachEntryFormatDocument, CreateEntryDocument, EntryFormatDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

/** Entry.format and Mutation.attachEntryFormat: an entry's invoice in an e-invoice format, as /silo/v1/entries/{id}/formats/{format}. */
const SECRET = 'format-link-secret-of-the-tests-0123456789abcdef';
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ FILE_LINK_SECRET: SECRET });
});
afterAll(() => t.close());

/** A plain GET, as a browser or an e-mail link sends it: no token unless given. */
async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const withQuery = (url: string, change: (query: URLSearchParams) => void) => {
  const parsed = new URL(url);
  change(parsed.searchParams);
  return parsed.toString();
};

describe('Entry.format', () => {
  test('the text REST answers, of the current version or of `version`', async () => {
    const { gql, rest, token } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    expect((await rest.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: einvoice({ code: '0002' }) })).status).toBe(200);
    const current = await gql.run(EntryFormatDocument, { id: entry.id, name: 'UBL' });
    expect(current.body.errors).toBeUndefined();
    const text = current.body.data!.entry!.format;
    expect(text).toContain('<cbc:ID>F-0002</cbc:ID>');
    const fromRest = await fetch(`${t.url}/silo/v1/entries/${entry.id}/formats/ubl`, { headers: { authorization: `Bearer ${token}` } });
    expect(text).toBe(await fromRest.text());
    const earlier = await gql.run(EntryFormatDocument, { id: entry.id, name: 'UBL', version: entry.version });
    expect(earlier.body.data!.entry!.format).toContain('<cbc:ID>F-0001</cbc:ID>');
  });

  test('VALIDATION_FAILED with the faults naming the rules when the format cannot express the invoice', async () => {
    const { gql } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: invoice() } })).body.data!.createEntry.entry;
    const reply = await gql.run(EntryFormatDocument, { id: entry.id, name: 'UBL' });
    const error = firstError(reply);
    expect(error.path).toEqual(['entry', 'format']);
    expect(error.extensions).toMatchObject({ code: 'VALIDATION_FAILED', key: 'validation' });
    expect((error.extensions.faults as any[]).filter((f) => f.provider === 'ubl').map((f) => f.code)).toEqual([
      'BR-08',
      'BR-10',
      'BR-CO-25',
    ]);
  });
});

describe('Entry.format(name: FACTURX): the signed url of the PDF', () => {
  test('an absolute url to the REST route that a plain GET downloads without a token: the PDF REST answers, its CII embedded', async () => {
    const { gql, token, workspace } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    const reply = await gql.run(EntryFormatDocument, { id: entry.id, name: 'FACTURX' });
    expect(reply.body.errors).toBeUndefined();
    const url = new URL(reply.body.data!.entry!.format);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx`);
    expect([...url.searchParams.keys()]).toEqual(['expires', 'scope', 'signature']);
    // It expires as files' links do (FILE_LINK_LIFETIME, an hour by default), and names no workspace.
    expect(Math.abs(Number(url.searchParams.get('expires')) - (Date.now() / 1000 + 3600))).toBeLessThan(10);
    expect(url.toString()).not.toContain(workspace);

    const pdf = await download(url.toString());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="F-0001.pdf"');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await readPdf(pdf.bytes);
    expect(Object.keys(read.attachments)).toEqual(['factur-x.xml']);
    const headers = { authorization: `Bearer ${token}` };
    const cii = await (await fetch(`${t.url}/silo/v1/entries/${entry.id}/formats/cii`, { headers })).text();
    expect(read.attachments['factur-x.xml']).toBe(cii);
    // The same invoice as REST writes it with a token.
    const withToken = await readPdf((await download(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx`, headers)).bytes);
    expect(withToken.attachments).toEqual(read.attachments);
    expect(withToken.text).toBe(read.text);
  });

  test('of `version`: the url names it, and the link is signed for it', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    expect((await rest.send('PATCH', `/silo/v1/entries/${entry.id}`, { data: einvoice({ code: '0002' }) })).status).toBe(200);
    const current = (await gql.run(EntryFormatDocument, { id: entry.id, name: 'FACTURX' })).body.data!.entry!.format;
    const earlier = (await gql.run(EntryFormatDocument, { id: entry.id, name: 'FACTURX', version: entry.version })).body.data!.entry!
      .format;
    expect(new URL(earlier).searchParams.get('version')).toBe(entry.version);
    expect((await readPdf((await download(current)).bytes)).attachments['factur-x.xml']).toContain('F-0002');
    const old = await download(earlier);
    expect(old.headers.get('content-disposition')).toBe('attachment; filename="F-0001.pdf"');
    expect((await readPdf(old.bytes)).attachments['factur-x.xml']).toContain('F-0001');
    // A link made for the current version opens no other, nor one made for a version the current one.
    expect((await download(withQuery(current, (q) => q.set('version', entry.version)))).status).toBe(403);
    expect((await download(withQuery(earlier, (q) => q.delete('version')))).status).toBe(403);
  });

  test('a tampered, moved or expired link is 403 as a file link is; no token and no link 401; a token works as before', async () => {
    const { gql, token, workspace } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    const other = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    const url = (await gql.run(EntryFormatDocument, { id: entry.id, name: 'FACTURX' })).body.data!.entry!.format;
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      withQuery(url, (q) => q.set('signature', flip(q.get('signature')!))),
      withQuery(url, (q) => q.set('expires', String(Number(q.get('expires')) + 3600))),
      withQuery(url, (q) => q.set('scope', `${q.get('scope')!.slice(0, -2)}AA`)),
      withQuery(url, (q) => q.delete('signature')),
      // Another entry's path, another format's.
      url.replace(entry.id, other.id),
      url.replace('/formats/facturx', '/formats/cii'),
      // A file's link whose id reads as the format's name opens no format.
      `${t.url}/silo/v1/entries/${entry.id}/formats/facturx?${new FileLinks(SECRET, 60_000).query(workspace, { entryId: entry.id, fileId: 'facturx' })}`,
    ];
    for (const link of refused) {
      const reply = await download(link);
      expect([link, reply.status]).toEqual([link, 403]);
      expect(JSON.parse(reply.bytes.toString())).toMatchObject({ key: 'forbidden', message: 'the link is not valid' });
    }
    const past = new FileLinks(SECRET, 60_000, () => Date.now() - 120_000).query(workspace, { entryId: entry.id, format: 'facturx' });
    const expired = await download(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx?${past}`);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.bytes.toString())).toMatchObject({ key: 'forbidden', message: 'the link has expired' });
    const now = new FileLinks(SECRET, 60_000).query(workspace, { entryId: entry.id, format: 'facturx' });
    expect((await download(`${t.url}/silo/v1/entries/${entry.id}/formats/facturx?${now}`)).status).toBe(200);

    const bare = `${t.url}/silo/v1/entries/${entry.id}/formats/facturx`;
    expect((await download(bare)).status).toBe(401);
    expect((await download(bare, { authorization: `Bearer ${token}` })).status).toBe(200);
    // The link opens GET only: POST (attaching) wants a token.
    expect((await fetch(url, { method: 'POST' })).status).toBe(401);
  });

  test("what the format cannot express is the download's 422, naming the rules", async () => {
    const { gql } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: invoice() } })).body.data!.createEntry.entry;
    const reply = await gql.run(EntryFormatDocument, { id: entry.id, name: 'FACTURX' });
    expect(reply.body.errors).toBeUndefined();
    const refused = await download(reply.body.data!.entry!.format);
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.bytes.toString()).faults.map((f: { code: string }) => f.code)).toContain('BR-10');
  });
});

describe('Mutation.attachEntryFormat', () => {
  test('the attached file as REST shows it; attaching again keeps one file with a version', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: einvoice() } })).body.data!.createEntry.entry;
    const first = await gql.run(AttachEntryFormatDocument, { id: entry.id, format: 'UBL' });
    expect(first.body.errors).toBeUndefined();
    const file = first.body.data!.attachEntryFormat;
    expect(file).toMatchObject({ entryId: entry.id, name: 'F-0001.xml', mime: 'application/xml', category: 'format' });
    const again = await gql.run(AttachEntryFormatDocument, { id: entry.id, format: 'UBL' });
    expect(again.body.data!.attachEntryFormat.id).toBe(file.id);
    expect((await rest.get(`/silo/v1/entries/${entry.id}/files/${file.id}/meta`)).body.previous).toEqual([
      expect.objectContaining({ hash: file.hash }),
    ]);
  });
});
