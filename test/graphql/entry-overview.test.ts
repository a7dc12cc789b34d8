import { party, startServer, type TestServer } from '../helpers/server';
import { CountEntriesDocument, EntryFoldersDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

type Apis = Awaited<ReturnType<typeof apisFor>>;

async function store({ rest }: Apis, folder: string, name: string): Promise<{ id: string; created_at: string }> {
  const made = await rest.post('/silo/v1/entries', { folder, data: party(name) });
  expect(made.status).toBe(200);
  return made.body;
}

describe('Query.entryFolders', () => {
  test('lists the folders in use, in name order, each once, and only the workspace’s own', async () => {
    const apis = await apisFor(t.url);
    const other = await apisFor(t.url);
    for (const [folder, name] of [
      ['parties', 'A'],
      ['issued', 'B'],
      ['parties', 'C'],
      ['received', 'D'],
      ['issued', 'E'],
    ])
      await store(apis, folder, name);
    await store(other, 'elsewhere', 'F');
    const reply = await apis.gql.run(EntryFoldersDocument, {});
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data!.entryFolders).toEqual(['issued', 'parties', 'received']);
    expect((await other.gql.run(EntryFoldersDocument, {})).body.data!.entryFolders).toEqual(['elsewhere']);
    const empty = await apisFor(t.url);
    expect((await empty.gql.run(EntryFoldersDocument, {})).body.data!.entryFolders).toEqual([]);
  });
});

describe('Query.entriesCount', () => {
  test('counts what entries lists with the same filters: folder, state, both, created at', async () => {
    const apis = await apisFor(t.url);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await store(apis, i < 3 ? 'issued' : 'parties', `P${i}`));
    for (const entry of [made[0], made[1], made[3]])
      expect((await apis.rest.post(`/silo/v1/entries/${entry.id}/states`, { key: 'paid' })).status).toBe(200);
    const count = async (variables: object) => {
      const reply = await apis.gql.run(CountEntriesDocument, variables);
      expect(reply.body.errors).toBeUndefined();
      return reply.body.data!.entriesCount;
    };
    expect(await count({})).toEqual({ count: 5, more: false });
    expect(await count({ folder: 'issued' })).toEqual({ count: 3, more: false });
    expect(await count({ state: 'paid' })).toEqual({ count: 3, more: false });
    expect(await count({ folder: 'issued', state: 'paid' })).toEqual({ count: 2, more: false });
    expect(await count({ folder: 'nowhere' })).toEqual({ count: 0, more: false });
    expect(await count({ createdAt: made[1].created_at })).toEqual({
      count: (await apis.rest.get(`/silo/v1/entries?created_at=${encodeURIComponent(made[1].created_at)}`)).body.list.length,
      more: false,
    });
    expect(await count({ createdAt: made[3].created_at, ascending: true })).toEqual({ count: 2, more: false });
    // Another workspace's token counts its own entries only.
    const other = await apisFor(t.url);
    expect((await other.gql.run(CountEntriesDocument, {})).body.data!.entriesCount).toEqual({ count: 0, more: false });
  });

  test('a bad filter is refused as the list refuses it', async () => {
    const apis = await apisFor(t.url);
    const reply = await apis.gql.run(CountEntriesDocument, { state: 'lost', folder: 'Not A Folder' });
    const error = firstError(reply);
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(error.extensions.fields ?? {}).sort()).toEqual(['folder', 'state']);
  });
});
