import { einvoice, invoice } from '../helpers/documents';
import { startServer, type TestServer } from '../helpers/server';
import { AttachEntryFormatDocument, CreateEntryDocument, EntryFormatDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

/** Entry.format and Mutation.attachEntryFormat: an entry's invoice in an e-invoice format, as /silo/v1/entries/{id}/formats/{format}. */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

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
