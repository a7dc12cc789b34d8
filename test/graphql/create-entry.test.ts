import { randomUUID } from 'node:crypto';
import { party, startServer, type TestServer } from '../helpers/server';
import { CreateEntryDocument, ListEntriesDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';
import { invoice, invoiceWithoutSupplier } from '../helpers/documents';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Mutation.createEntry', () => {
  test('creates an entry with every field, and echoes clientMutationId', async () => {
    const { gql, rest } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: party('Acme Corp'), key: 'party-1', clientMutationId: 'm-1' } });
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    const { entry, clientMutationId } = reply.body.data!.createEntry;
    expect(clientMutationId).toBe('m-1');
    expect(entry).toMatchObject({
      key: 'party-1',
      folder: 'parties',
      docSchema: 'https://gobl.org/draft-0/org/party',
      envSchema: 'https://gobl.org/draft-0/envelope',
      state: null,
      draft: true,
      signed: false,
      invalid: false,
      snippet: { title: 'Acme Corp', name: 'Acme Corp' },
      tags: [],
      context: null,
      attachments: [],
      meta: [],
      faults: [],
    });
    expect(entry.id).toMatch(UUID_V7);
    expect(entry.data).toMatchObject({ head: { uuid: entry.id } });
    expect(entry.digest).toEqual({ alg: 'sha256', val: (entry.data as any).head.dig.val });
    expect(entry.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(entry.updatedAt).toBe(entry.createdAt);
    // Stored: REST fetches the same entry.
    const fetched = await rest.get(`/silo/v1/entries/${entry.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toEqual(entry.data);
  });

  test('an invoice is calculated, and clientMutationId is null when not given', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: invoice(), folder: 'sales_2026' } });
    const { entry, clientMutationId } = reply.body.data!.createEntry;
    expect(clientMutationId).toBeNull();
    expect(entry.folder).toBe('sales_2026');
    expect(entry.snippet).toMatchObject({ title: 'F-0001', total_with_tax: '2178.00' });
    expect((entry.data as any).doc.totals).toMatchObject({ payable: '2178.00' });
  });

  test('allowInvalid stores an invalid document with its faults', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: invoiceWithoutSupplier(), allowInvalid: true } });
    const { entry } = reply.body.data!.createEntry;
    expect(entry).toMatchObject({ invalid: true, state: 'invalid' });
    expect(entry.faults.length).toBeGreaterThan(0);
    expect(entry.faults[0]).toEqual({ provider: 'gobl', code: expect.any(String), message: expect.any(String), paths: expect.any(Array) });
  });
});

describe('errors carry extensions.code and the REST key, fields and faults', () => {
  test('bad input: BAD_USER_INPUT with fields in the contract names, nothing stored', async () => {
    const { gql } = await apisFor(t.url);
    for (const [input, field] of [
      [{ data: party('A'), key: 'a\nb' }, 'key'],
      [{ data: party('A'), folder: 'Bad Folder' }, 'folder'],
      [{ data: party('A'), contentType: 'text/plain' }, 'content_type'],
      [{ data: 'text' }, 'data'],
      [{ key: 'no-data' }, 'data'],
    ] as const) {
      const reply = await gql.run(CreateEntryDocument, { input });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toBeNull();
      const error = firstError(reply);
      expect(error.path).toEqual(['createEntry']);
      expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input', fields: { [field]: expect.any(String) } });
    }
    expect((await gql.run(ListEntriesDocument, {})).body.data!.entries.edges).toEqual([]);
  });

  test('a value of the wrong GraphQL type is refused before execution: 400 BAD_USER_INPUT', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: party('A'), previousId: 'not-a-uuid' } });
    expect(reply.status).toBe(400);
    expect(firstError(reply).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
  });

  test('not found: an unknown previousId is NOT_FOUND', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { previousId: randomUUID() } });
    expect(firstError(reply)).toMatchObject({ path: ['createEntry'], extensions: { code: 'NOT_FOUND', key: 'not-found' } });
  });

  test('conflict: a key used twice is CONFLICT, and the first entry stays alone', async () => {
    const { gql } = await apisFor(t.url);
    expect((await gql.run(CreateEntryDocument, { input: { data: party('First'), key: 'same' } })).body.errors).toBeUndefined();
    const reply = await gql.run(CreateEntryDocument, { input: { data: party('Second'), key: 'same' } });
    expect(firstError(reply)).toEqual({
      message: 'key is already used in this workspace',
      locations: expect.any(Array),
      path: ['createEntry'],
      extensions: { code: 'CONFLICT', key: 'conflict' },
    });
    const list = await gql.run(ListEntriesDocument, {});
    expect(list.body.data!.entries.edges.map((e) => e.node.snippet.title)).toEqual(['First']);
  });

  test('validation: VALIDATION_FAILED with nested fields and the faults list', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: invoiceWithoutSupplier(), key: 'broken' } });
    const error = firstError(reply);
    expect(error.extensions.code).toBe('VALIDATION_FAILED');
    expect(error.extensions.key).toBe('validation');
    expect(error.extensions.fields).toMatchObject({ data: { doc: { supplier: expect.anything() } } });
    expect(error.extensions.faults).toEqual(
      expect.arrayContaining([
        { provider: 'gobl', code: expect.stringMatching(/^GOBL-/), message: expect.any(String), paths: expect.any(Array) },
      ]),
    );
    expect((await gql.run(ListEntriesDocument, {})).body.data!.entries.edges).toEqual([]);
  });

  test('unknown schema: VALIDATION_FAILED with key unknown-schema', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(CreateEntryDocument, { input: { data: { $schema: 'https://gobl.org/draft-0/bill/unknown' } } });
    expect(firstError(reply).extensions).toMatchObject({ code: 'VALIDATION_FAILED', key: 'unknown-schema' });
  });
});
