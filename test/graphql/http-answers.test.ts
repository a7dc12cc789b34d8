import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/** How Apollo's answers are written to HTTP (graphql.router.ts, apolloHandler). */
let t: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startServer();
  headers = { authorization: `Bearer ${await tokenFor(newWorkspace())}`, 'apollo-require-preflight': 'true' };
});
afterAll(() => t.close());

const QUERY = '{ entries(first: 1) { edges { node { id } } } }';

test('a GET answer carries an ETag, and the same query with If-None-Match is 304 without a body', async () => {
  const url = `${t.url}/graphql?query=${encodeURIComponent(QUERY)}`;
  const first = await fetch(url, { headers });
  expect(first.status).toBe(200);
  expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^W\/"/);
  expect(await first.json()).toEqual({ data: { entries: { edges: [] } } });

  // fetch would add `Cache-Control: no-cache` to a conditional request, which makes any server answer in full.
  const again = await fetch(url, { headers: { ...headers, 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
});

test('a POST answer is written whole, with its length and no ETag (no cache keeps it)', async () => {
  const reply = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });
  const text = await reply.text();
  expect(reply.status).toBe(200);
  expect(reply.headers.get('etag')).toBeNull();
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(Number(reply.headers.get('content-length'))).toBe(Buffer.byteLength(text));
  expect(JSON.parse(text)).toEqual({ data: { entries: { edges: [] } } });
});

test('an error status from Apollo is kept: a query that does not parse is 400 in GraphQL shape', async () => {
  const reply = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ entries(' }),
  });
  expect(reply.status).toBe(400);
  const body = (await reply.json()) as { errors: { extensions: { code: string } }[] };
  expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
});
