import { invoice } from '../helpers/documents';
import { party, startServer, type TestServer } from '../helpers/server';
import { SearchEntriesDocument } from './generated/graphql';
import { apisFor, firstError, restShape } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('Query.search', () => {
  test('finds what REST search finds, in the same order, with the same entry fields', async () => {
    const { gql, rest } = await apisFor(t.url);
    await rest.post('/silo/v1/entries', { data: invoice({ code: 'GQL-1' }) });
    await rest.post('/silo/v1/entries', { folder: 'purchases', data: invoice({ code: 'GQL-2' }) });
    await rest.post('/silo/v1/entries', { data: party('Unrelated Party') });
    const reply = await gql.run(SearchEntriesDocument, { q: 'F-GQL*', limit: 10 });
    expect(reply.body.errors).toBeUndefined();
    const page = reply.body.data!.search;
    expect(page).toMatchObject({ query: 'F-GQL*', folder: null, limit: 10, offset: 0 });
    const restPage = (await rest.get('/silo/v1/search?q=F-GQL*&limit=10')).body;
    expect(page.entries.map(restShape)).toEqual(restPage.list);
    expect(page.entries).toHaveLength(2);

    const filtered = await gql.run(SearchEntriesDocument, { q: 'gql', folder: 'purchases', offset: 0 });
    expect(filtered.body.data!.search.entries.map((e) => e.snippet.code)).toEqual(['GQL-2']);
  });

  test('another workspace finds nothing of these', async () => {
    const mine = await apisFor(t.url);
    const theirs = await apisFor(t.url);
    await theirs.rest.post('/silo/v1/entries', { data: party('Secretive Holdings') });
    const reply = await mine.gql.run(SearchEntriesDocument, { q: 'secretive' });
    expect(reply.body.data!.search.entries).toEqual([]);
  });

  test.each([
    [{ q: '' }, 'q'],
    [{ q: 'x', limit: 0 }, 'limit'],
    [{ q: 'x', limit: 101 }, 'limit'],
    [{ q: 'x', offset: -1 }, 'offset'],
  ])('bad arguments %j are BAD_USER_INPUT naming %s', async (variables, field) => {
    const { gql } = await apisFor(t.url);
    const reply = await gql.run(SearchEntriesDocument, variables);
    const error = firstError(reply);
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.fields).toHaveProperty(field);
  });
});
