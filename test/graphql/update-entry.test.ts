import { party, startServer, type TestServer } from '../helpers/server';
import {
  AddEntryStateDocument,
  CreateEntryDocument,
  EntriesWithStatesDocument,
  EntryStatesDocument,
  EntryVersionDocument,
  UpdateEntryDocument,
} from './generated/graphql';
import { apisFor, firstError, recordQueries, restShape } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function created(gql: Awaited<ReturnType<typeof apisFor>>['gql'], name: string) {
  const reply = await gql.run(CreateEntryDocument, { input: { data: party(name) } });
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.createEntry.entry;
}

describe('Mutation.updateEntry', () => {
  test('changes the data as a new version, answers as REST does, echoes clientMutationId', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = await created(gql, 'Before');
    expect(entry.versions).toEqual({
      totalCount: 1,
      edges: [{ node: { version: entry.version, at: entry.createdAt, invalid: false, signed: false, src: 'api' } }],
    });
    const reply = await gql.run(UpdateEntryDocument, {
      input: { id: entry.id, data: party('After'), expectedVersion: entry.version, clientMutationId: 'u-1' },
    });
    expect(reply.body.errors).toBeUndefined();
    const { entry: updated, clientMutationId } = reply.body.data!.updateEntry;
    expect(clientMutationId).toBe('u-1');
    expect(updated.id).toBe(entry.id);
    expect((updated.data as any).doc.name).toBe('After');
    expect(updated.versions.edges.map((e) => e.node.version)).toEqual([updated.version, entry.version]);
    const { data, ...fields } = (await rest.get(`/silo/v1/entries/${entry.id}`)).body;
    expect(restShape({ ...updated, data: undefined })).toEqual(fields);
    expect(data).toEqual(updated.data);
  });

  test('patches, folder moves and signing', async () => {
    const { gql } = await apisFor(t.url);
    const entry = await created(gql, 'Patched');
    const merged = await gql.run(UpdateEntryDocument, {
      input: { id: entry.id, contentType: 'application/merge-patch+json', data: { doc: { name: 'Merged' } } },
    });
    expect((merged.body.data!.updateEntry.entry.data as any).doc.name).toBe('Merged');
    const moved = await gql.run(UpdateEntryDocument, { input: { id: entry.id, folder: 'elsewhere', sign: true } });
    expect(moved.body.data!.updateEntry.entry).toMatchObject({ folder: 'elsewhere', signed: true });
    const refused = await gql.run(UpdateEntryDocument, { input: { id: entry.id, data: party('Not allowed') } });
    expect(firstError(refused).extensions).toMatchObject({ code: 'CONFLICT', key: 'entry-signed' });
  });

  test('errors are the REST errors: stale version CONFLICT, bad input, not found', async () => {
    const { gql } = await apisFor(t.url);
    const entry = await created(gql, 'Errors');
    const stale = await gql.run(UpdateEntryDocument, { input: { id: entry.id, data: party('X'), expectedVersion: '0000000000' } });
    expect(firstError(stale).extensions).toMatchObject({ code: 'CONFLICT', key: 'conflict' });
    const bad = await gql.run(UpdateEntryDocument, { input: { id: entry.id, folder: 'Bad Folder' } });
    expect(firstError(bad).extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input', fields: { folder: expect.any(String) } });
    const missing = await gql.run(UpdateEntryDocument, { input: { id: '0190c000-0000-7000-8000-000000000000', folder: 'x' } });
    expect(firstError(missing).extensions.code).toBe('NOT_FOUND');
  });
});

describe('Mutation.addEntryState and Entry.states', () => {
  test('adds states; the entry shows the newest as its state; an unknown key is VALIDATION_FAILED', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = await created(gql, 'States');
    const sent = await gql.run(AddEntryStateDocument, {
      input: { entryId: entry.id, key: 'sent', notes: 'mailed', meta: { via: 'post' }, clientMutationId: 's-1' },
    });
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data!.addEntryState).toMatchObject({
      clientMutationId: 's-1',
      state: { key: 'sent', notes: 'mailed', meta: { via: 'post' }, src: 'api' },
      entry: { id: entry.id, state: 'sent' },
    });
    const early = await gql.run(AddEntryStateDocument, { input: { entryId: entry.id, key: 'draft', at: '2020-01-01T00:00:00.000Z' } });
    expect(early.body.data!.addEntryState.entry.state).toBe('sent');
    const listed = await gql.run(EntryStatesDocument, { id: entry.id });
    const states = listed.body.data!.entry!.states.edges.map((e) => e.node);
    expect(listed.body.data!.entry!.states.totalCount).toBe(2);
    expect(states.map((s) => s.key)).toEqual(['sent', 'draft']);
    expect(states[1].at).toBe('2020-01-01T00:00:00.000Z');
    const restList = (await rest.get(`/silo/v1/entries/${entry.id}/states`)).body.list;
    expect(restList.map((s: any) => s.created_at)).toEqual(states.map((s) => s.at));
    const unknown = await gql.run(AddEntryStateDocument, { input: { entryId: entry.id, key: 'shipped' } });
    expect(firstError(unknown).extensions).toMatchObject({ code: 'VALIDATION_FAILED', key: 'unknown-state' });
  });
});

describe('Query.entryVersion and states of a page', () => {
  test('entryVersion answers as REST does; an unknown version is NOT_FOUND', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = await created(gql, 'Versioned');
    await gql.run(UpdateEntryDocument, { input: { id: entry.id, data: party('Versioned again') } });
    const reply = await gql.run(EntryVersionDocument, { id: entry.id, version: entry.version });
    expect(reply.body.data!.entryVersion).toEqual((await rest.get(`/silo/v1/entries/${entry.id}/versions/${entry.version}`)).body);
    const unknown = await gql.run(EntryVersionDocument, { id: entry.id, version: 'ffffffffff' });
    expect(firstError(unknown).extensions.code).toBe('NOT_FOUND');
  });

  test('the states of a page come in one query', async () => {
    const { gql } = await apisFor(t.url);
    for (let i = 0; i < 5; i++) {
      const entry = await created(gql, `Page ${i}`);
      await gql.run(AddEntryStateDocument, { input: { entryId: entry.id, key: i % 2 ? 'sent' : 'paid' } });
    }
    const log = recordQueries(t.server.dataSource);
    try {
      const reply = await gql.run(EntriesWithStatesDocument, { first: 5 });
      expect(reply.body.errors).toBeUndefined();
      const nodes = reply.body.data!.entries.edges.map((e) => e.node);
      expect(nodes.map((n) => n.states.edges.map((e) => e.node.key))).toEqual(nodes.map((n) => [n.state]));
      expect(log.queries.filter((q) => /entry_states/.test(q))).toHaveLength(1);
    } finally {
      log.restore();
    }
  });
});

describe('Entry.versions and Entry.states are Relay connections', () => {
  const PAGES = `query Pages($id: ID!, $first: Int, $after: String, $stateAfter: String) {
    entry(id: $id) {
      versions(first: $first, after: $after) { totalCount edges { cursor node { version } } pageInfo { hasNextPage endCursor } }
      states(first: $first, after: $stateAfter) { totalCount edges { cursor node { key } } pageInfo { hasNextPage endCursor } }
    }
  }`;

  test('pages by cursor, newest first; a cursor names its item, so a new version does not shift the pages after it', async () => {
    const { gql } = await apisFor(t.url);
    const entry = await created(gql, 'Paged 0');
    for (let i = 1; i <= 4; i++) await gql.run(UpdateEntryDocument, { input: { id: entry.id, data: party(`Paged ${i}`) } });
    for (const key of ['draft', 'sent', 'paid']) await gql.run(AddEntryStateDocument, { input: { entryId: entry.id, key } });

    const first = (await gql.query(PAGES, { id: entry.id, first: 2 })).body.data.entry;
    expect(first.versions.totalCount).toBe(5);
    expect(first.versions.pageInfo.hasNextPage).toBe(true);
    expect(first.states.edges.map((e: any) => e.node.key)).toEqual(['paid', 'sent']);
    const restOfStates = (await gql.query(PAGES, { id: entry.id, first: 2, stateAfter: first.states.pageInfo.endCursor })).body.data.entry
      .states;
    expect(restOfStates.edges.map((e: any) => e.node.key)).toEqual(['draft']);
    expect(restOfStates.pageInfo.hasNextPage).toBe(false);
    const versionsAfter = first.versions.pageInfo.endCursor;

    // A new version at the head; the page after the cursor is the same one.
    await gql.run(UpdateEntryDocument, { input: { id: entry.id, data: party('Paged 5') } });
    const next = (await gql.query(PAGES, { id: entry.id, first: 2, after: versionsAfter })).body;
    const all = (await gql.query(PAGES, { id: entry.id, first: 100 })).body.data.entry.versions.edges.map((e: any) => e.node.version);
    expect(next.errors).toBeUndefined();
    expect(next.data.entry.versions.edges.map((e: any) => e.node.version)).toEqual(all.slice(3, 5));
    expect(all).toHaveLength(6);
  });

  test('a cursor of another list, or first out of range, is BAD_USER_INPUT', async () => {
    const { gql } = await apisFor(t.url);
    const entry = await created(gql, 'Cursor errors');
    const foreign = await gql.query(PAGES, { id: entry.id, after: 'aXRlbTpub3RoaW5n', stateAfter: 'aXRlbTpub3RoaW5n' });
    expect(foreign.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
    const tooMany = await gql.query(PAGES, { id: entry.id, first: 101 });
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { first: expect.any(String) } });
  });
});
