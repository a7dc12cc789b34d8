import { randomUUID } from 'node:crypto';
import { party, startServer, type TestServer } from '../helpers/server';
import { CreateEntryDocument, GetEntryByKeyDocument, GetEntryDocument, GetNodeDocument } from './generated/graphql';
import { apisFor, firstError, restShape } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function created(gql: Awaited<ReturnType<typeof apisFor>>['gql'], key: string) {
  const reply = await gql.run(CreateEntryDocument, { input: { data: party('Fetched'), key } });
  return reply.body.data!.createEntry.entry;
}

describe('Query.entry, Query.entryByKey and Query.node', () => {
  test('entry(id) and entryByKey(key) return the entry with its data, as REST does', async () => {
    const { gql, rest } = await apisFor(t.url);
    const entry = await created(gql, 'fetch-me');
    const byId = await gql.run(GetEntryDocument, { id: entry.id });
    expect(byId.body.data!.entry).toEqual(entry);
    const byUpperCaseId = await gql.run(GetEntryDocument, { id: entry.id.toUpperCase() });
    expect(byUpperCaseId.body.data!.entry!.id).toBe(entry.id);
    const byKey = await gql.run(GetEntryByKeyDocument, { key: 'fetch-me' });
    expect(byKey.body.data!.entryByKey).toEqual(entry);
    expect(restShape(entry)).toEqual((await rest.get(`/silo/v1/entries/${entry.id}`)).body);
  });

  test('node(id) resolves an Entry through the Node interface; its id is the UUID', async () => {
    const { gql } = await apisFor(t.url);
    const entry = await created(gql, 'as-node');
    const reply = await gql.run(GetNodeDocument, { id: entry.id });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.node).toEqual({ __typename: 'Entry', ...entry });
  });

  test("unknown ids and keys are NOT_FOUND; another workspace's entry does not exist", async () => {
    const mine = await apisFor(t.url);
    const theirs = await apisFor(t.url);
    const entry = await created(theirs.gql, 'theirs');
    for (const reply of [
      await mine.gql.run(GetEntryDocument, { id: randomUUID() }),
      await mine.gql.run(GetEntryDocument, { id: entry.id }),
      await mine.gql.run(GetEntryByKeyDocument, { key: 'theirs' }),
      await mine.gql.run(GetNodeDocument, { id: entry.id }),
    ]) {
      expect(reply.status).toBe(200);
      expect(Object.values(reply.body.data!)).toEqual([null]);
      expect(firstError(reply).extensions).toEqual({ code: 'NOT_FOUND', key: 'not-found' });
    }
  });

  test('a node id that is not a UUID is BAD_USER_INPUT, as in REST', async () => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(GetNodeDocument, { id: 'RW50cnk6MQ==' });
    expect(firstError(reply).extensions).toEqual({ code: 'BAD_USER_INPUT', key: 'input', fields: { id: 'must be a UUID' } });
  });
});
