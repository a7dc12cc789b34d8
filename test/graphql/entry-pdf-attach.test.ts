import { invoice } from '../helpers/documents';
import { readPdf } from '../helpers/pdf-read';
import { party, startServer, type TestServer } from '../helpers/server';
import { AttachEntryPdfDocument, CreateEntryDocument, GetEntryDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

/** Mutation.attachEntryPdf: the entry's PDF stored as its format file, as POST /silo/v1/entries/{id}/pdf does. */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('Mutation.attachEntryPdf', () => {
  test('answers the attached file as REST shows it; attaching again replaces it, one file with a version', async () => {
    const { gql, rest, token } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: invoice({ series: 'GQ', code: '12' }) } })).body.data!.createEntry
      .entry;
    const reply = await gql.run(AttachEntryPdfDocument, { id: entry.id });
    expect(reply.body.errors).toBeUndefined();
    const file = reply.body.data!.attachEntryPdf;
    expect(file).toMatchObject({ entryId: entry.id, name: 'GQ-12.pdf', mime: 'application/pdf', category: 'format', stored: true });
    expect(file.size).toBeGreaterThan(0);

    const meta = (await rest.get(`/silo/v1/entries/${entry.id}/files/${file.id}/meta`)).body;
    expect(meta).toMatchObject({ id: file.id, category: 'format', hash: file.hash, size: file.size, previous: [] });
    const listed = (await gql.run(GetEntryDocument, { id: entry.id })).body.data!.entry!.attachments;
    expect(listed.map((a) => [a.id, a.name])).toEqual([[file.id, 'GQ-12.pdf']]);
    const bytes = new Uint8Array(await (await fetch(file.url!, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    expect((await readPdf(bytes)).text).toContain('Invoice GQ-12');

    const again = await gql.run(AttachEntryPdfDocument, { id: entry.id, version: entry.version });
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data!.attachEntryPdf.id).toBe(file.id);
    expect((await gql.run(GetEntryDocument, { id: entry.id })).body.data!.entry!.attachments).toHaveLength(1);
    expect((await rest.get(`/silo/v1/entries/${entry.id}/files/${file.id}/meta`)).body.previous).toEqual([
      expect.objectContaining({ hash: file.hash }),
    ]);
  });

  test('an unknown entry or version is NOT_FOUND, an id that is no UUID BAD_USER_INPUT; nothing stored', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = (await gql.run(CreateEntryDocument, { input: { data: party('Nobody Ltd') } })).body.data!.createEntry.entry;
    const unknown = await gql.run(AttachEntryPdfDocument, { id: '0190a0b0-0000-7000-8000-000000000000' });
    expect(unknown.body.data).toBeNull();
    expect(firstError(unknown).extensions).toMatchObject({ code: 'NOT_FOUND', key: 'not-found' });
    const version = await gql.run(AttachEntryPdfDocument, { id: entry.id, version: '0000000000' });
    expect(firstError(version).extensions).toMatchObject({ code: 'NOT_FOUND', key: 'not-found' });
    const badId = await gql.run(AttachEntryPdfDocument, { id: 'not-a-uuid' });
    expect(firstError(badId).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
    expect((await rest.get(`/silo/v1/entries/${entry.id}`)).body.attachments).toEqual([]);
  });
});
