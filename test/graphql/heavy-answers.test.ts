import { HEAVY_READ_BYTES } from '../../src/domain/runtime';
import { message, newWorkspace, startServer, type TestServer } from '../helpers/server';
import { apisFor } from './graphql-client';

/**
 * A GraphQL answer whose files and meta rows pass HEAVY_READ_BYTES is written as the REST ones are: in slices,
 * from pieces kept aside rather than one string (src/graphql/plumbing/heavy-results.ts). What a client receives is the
 * same JSON, alone, in a batch beside light answers, and by GET with its ETag.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ GRAPHQL_BATCHING: 'true' });
});
afterAll(() => t.close());

const ROWS = 20;
/** Values of about 60 KB each, with characters JSON escapes and a NUL, so no text is taken for another. */
const valueOf = (i: number) => ({ i, text: `${i}:"\u0000é😀\\`.padEnd(60_000, 'x') });

async function heavyEntry() {
  const apis = await apisFor(t.url, newWorkspace());
  const created = await apis.rest.post('/silo/v1/entries', { data: message('heavy') });
  const id = created.body.id as string;
  for (let i = 0; i < ROWS; i++) expect((await apis.rest.put(`/silo/v1/entries/${id}/meta/k${i}`, { value: valueOf(i) })).status).toBe(200);
  const light = (await apis.rest.post('/silo/v1/entries', { data: message('light') })).body.id as string;
  return { ...apis, id, light };
}

const META = (id: string) => `{ entry(id: "${id}") { id meta { key value } } }`;
const expectedMeta = () => Array.from({ length: ROWS }, (_, i) => ({ key: `k${i}`, value: valueOf(i) }));

describe('heavy GraphQL answers', () => {
  test('one heavy answer is the same JSON a light one would be', async () => {
    const { gql, id } = await heavyEntry();
    const reply = await gql.query(META(id));
    expect(reply.status).toBe(200);
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.entry.id).toBe(id);
    expect(reply.body.data.entry.meta).toEqual(expectedMeta());
    expect(JSON.stringify(reply.body).length).toBeGreaterThan(HEAVY_READ_BYTES);
  });

  test('in a batch, each heavy answer in its place beside the light ones', async () => {
    const { gql, id, light } = await heavyEntry();
    const reply = await gql.post([{ query: META(id) }, { query: `{ entry(id: "${light}") { id } }` }, { query: META(id) }]);
    expect(reply.status).toBe(200);
    const answers = reply.body as unknown as { data: { entry: { id: string; meta?: unknown } } }[];
    expect(answers).toHaveLength(3);
    expect(answers[0].data.entry.meta).toEqual(expectedMeta());
    expect(answers[1].data.entry).toEqual({ id: light });
    expect(answers[2].data.entry.meta).toEqual(expectedMeta());
  });

  test('a light answer of more than HEAVY_READ_BYTES (a large envelope, no read turn) arrives whole, alone and in a batch', async () => {
    const { rest, gql, light } = await heavyEntry();
    const large = { ...message('large'), content: 'é😀"\u0000'.padEnd(HEAVY_READ_BYTES * 1.1, 'y') };
    const created = await rest.post('/silo/v1/entries', { data: large });
    expect(created.status).toBe(200);
    const data = (await rest.get(`/silo/v1/entries/${created.body.id}`)).body.data;
    const DATA = `{ entry(id: "${created.body.id}") { id data } }`;
    const alone = await gql.query(DATA);
    expect(alone.status).toBe(200);
    expect(alone.body.data.entry.data).toEqual(data);
    expect(JSON.stringify(alone.body).length).toBeGreaterThan(HEAVY_READ_BYTES);
    const batch = await gql.post([{ query: `{ entry(id: "${light}") { id } }` }, { query: DATA }]);
    const answers = batch.body as unknown as { data: { entry: { id: string; data?: unknown } } }[];
    expect(answers[0].data.entry).toEqual({ id: light });
    expect(answers[1].data.entry.data).toEqual(data);
  });

  test('by GET, with an ETag the same answer honours', async () => {
    const { token, id } = await heavyEntry();
    const url = `${t.url}/graphql?query=${encodeURIComponent(META(id))}`;
    const headers = { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' };
    const first = await fetch(url, { headers });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: { entry: { meta: unknown } } }).data.entry.meta).toEqual(expectedMeta());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    // fetch would add `Cache-Control: no-cache` to a conditional request, which makes any server answer in full.
    const again = await fetch(url, { headers: { ...headers, 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });
});
