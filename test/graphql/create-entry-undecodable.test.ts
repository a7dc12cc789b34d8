import { invoice } from '../helpers/documents';
import { startServer, type TestServer } from '../helpers/server';
import { CreateEntryDocument, ListEntriesDocument } from './generated/graphql';
import { apisFor, firstError } from './graphql-client';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

test('a value GOBL cannot decode is BAD_USER_INPUT with key input, and nothing is stored', async () => {
  const { gql } = await apisFor(t.url);
  const reply = await gql.run(CreateEntryDocument, { input: { data: invoice({ issue_date: 'yesterday' }) } });
  const error = firstError(reply);
  expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', key: 'input' });
  expect(error.message).toContain('$.issue_date');
  expect(error.extensions.fields).toEqual({ data: error.message });
  expect((await gql.run(ListEntriesDocument, {})).body.data!.entries.edges).toEqual([]);
});
