import { KnownOperations } from '../../src/graphql/plumbing/known-operations';
import { newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * A query text Apollo has validated and graphql-jit compiled is answered again without Apollo's pipeline
 * (src/graphql/plumbing/known-operations.ts): the same status, headers and text as Apollo's answer, errors
 * included; whatever it does not take (a batch, extensions, a cost over the limit, variables that do not
 * coerce, another Accept) Apollo answers as before.
 */
let t: TestServer;
let headers: Record<string, string>;
const answered = jest.spyOn(KnownOperations.prototype, 'answer');
/** How many of the requests so far the known operations answered (the others went to Apollo). */
const knownAnswers = async () => {
  let count = 0;
  for (const result of answered.mock.results) if ((await result.value) !== undefined) count += 1;
  return count;
};

beforeAll(async () => {
  t = await startServer({ GRAPHQL_MAX_COMPLEXITY: '1000' });
  const workspace = newWorkspace();
  headers = { authorization: `Bearer ${await tokenFor(workspace)}`, 'content-type': 'application/json' };
  for (let i = 0; i < 3; i++) await t.server.entries.createEntry(workspace, { key: `known-${i}`, data: party(`Known ${i}`) });
});
afterAll(() => t.close());
beforeEach(() => answered.mockClear());

async function post(body: unknown, extra: Record<string, string> = {}) {
  const reply = await fetch(`${t.url}/graphql`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  return { status: reply.status, type: reply.headers.get('content-type'), text: await reply.text() };
}

/** The answers to the same body sent four times: Apollo's first two (the second compiles it), then known ones. */
async function fourTimes(body: unknown, extra: Record<string, string> = {}) {
  const replies = [];
  for (let i = 0; i < 4; i++) replies.push(await post(body, extra));
  return replies;
}

const LIST =
  'query List($first: Int) { entries(first: $first) { edges { cursor node { id key snippet createdAt digest { alg val } faults { code } } } pageInfo { hasNextPage endCursor } } }';

test('a page of entries is answered alike by Apollo and again without it', async () => {
  const replies = await fourTimes({ query: LIST, variables: { first: 2 } });
  expect(await knownAnswers()).toBe(2);
  for (const reply of replies) expect(reply).toEqual(replies[0]);
  expect(replies[0].status).toBe(200);
  expect(replies[0].type).toBe('application/json; charset=utf-8');
  expect(JSON.parse(replies[0].text).data.entries.edges).toHaveLength(2);
});

test('the media type follows the Accept header as Apollo chooses it', async () => {
  // Another text than the first test's, known to neither yet.
  const replies = await fourTimes({ query: `${LIST} ` }, { accept: 'application/graphql-response+json, application/json' });
  expect(await knownAnswers()).toBe(2);
  for (const reply of replies) expect(reply).toEqual(replies[0]);
  expect(replies[0].type).toBe('application/graphql-response+json; charset=utf-8');
});

test('errors are formatted, and given their status, as Apollo formats them', async () => {
  const query = 'query One($id: ID!) { entry(id: $id) { id key } entries(first: 1) { edges { node { id } } } }';
  const replies = await fourTimes({ query, variables: { id: '00000000-0000-4000-8000-000000000000' } });
  expect(await knownAnswers()).toBe(2);
  for (const reply of replies) expect(reply).toEqual(replies[0]);
  const body = JSON.parse(replies[0].text);
  expect(Object.keys(body)).toEqual(['errors', 'data']);
  expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
});

test('a mutation runs each time it is sent, answered alike', async () => {
  const query = 'mutation Make($input: CreateEntryInput!) { createEntry(input: $input) { entry { folder snippet data } } }';
  const replies = await fourTimes({ query, variables: { input: { data: party('Made') } } });
  expect(await knownAnswers()).toBe(2);
  // Each entry made has its own UUID, and so its own digest.
  const shown = replies.map((reply) => ({ ...reply, text: reply.text.replace(/"[0-9a-f]{8}-[0-9a-f-]{27}"|"[0-9a-f]{64}"/g, '"…"') }));
  for (const reply of shown) expect(reply).toEqual(shown[0]);
  expect(JSON.parse(replies[3].text).data.createEntry.entry.data.doc.name).toBe('Made');
});

test('variables that do not coerce, a cost over the limit, extensions and batches are Apollo’s to answer', async () => {
  await fourTimes({ query: LIST });
  answered.mockClear();
  const badVariables = await post({ query: LIST, variables: { first: 'two' } });
  expect(badVariables.status).toBe(400);
  expect(JSON.parse(badVariables.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  const tooDear = await post({ query: LIST, variables: { first: 100 } });
  expect(JSON.parse(tooDear.text).errors[0].message).toMatch(/too complex/);
  expect((await post({ query: LIST, extensions: { tag: 1 } })).status).toBe(200);
  expect(await knownAnswers()).toBe(0);
});
