import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium, servePage } from '../helpers/browser';
import { newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

const APP = 'https://app.example.com';

/** A preflight as a browser sends it before a POST with a token and a JSON body. */
const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });

describe('CORS_ORIGINS', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ CORS_ORIGINS: `${APP},http://localhost:5173` });
  });
  afterAll(() => t.close());

  test.each(['/silo/v1/entries', '/graphql'])('a preflight to %s is answered 204 without a token', async (path) => {
    const reply = await preflight(`${t.url}${path}`, APP);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(APP);
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = reply.headers.get('access-control-allow-headers')!.split(',');
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'apollo-require-preflight', 'x-apollo-operation-name']),
    );
    expect(reply.headers.get('access-control-allow-methods')).toMatch(/GET.*POST/);
    expect(reply.headers.get('access-control-max-age')).toBe('600');
    expect(reply.headers.get('vary')).toMatch(/Origin/);
  });

  test.each([
    ['REST', '/silo/v1/entries', 'GET'],
    ['GraphQL', '/graphql', 'POST'],
  ])('%s: a 401 carries the CORS headers, so the page can read it', async (_api, path, method) => {
    const reply = await fetch(`${t.url}${path}`, {
      method,
      headers: { origin: APP, 'content-type': 'application/json' },
      body: method === 'POST' ? '{"query":"{ entries { edges { cursor } } }"}' : undefined,
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('access-control-allow-origin')).toBe(APP);
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });

  test('an error after authentication carries them too', async () => {
    const token = await tokenFor(newWorkspace());
    const reply = await fetch(`${t.url}/silo/v1/entries`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"data": 1}',
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  test('an origin not listed gets no Access-Control-Allow-Origin', async () => {
    const reply = await preflight(`${t.url}/graphql`, 'https://evil.example');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    const actual = await fetch(`${t.url}/silo/v1/entries`, { headers: { origin: 'https://evil.example' } });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
    expect(actual.headers.get('vary')).toMatch(/Origin/);
  });

  test('a preflight for an update or a removal allows PATCH and DELETE and their conditions', async () => {
    for (const [method, headers] of [
      ['PATCH', 'authorization, content-type, if-match'],
      ['DELETE', 'authorization'],
      ['GET', 'authorization, range, if-range, if-none-match, x-request-id'],
      ['POST', 'authorization, content-type, content-encoding'],
    ]) {
      const reply = await fetch(`${t.url}/silo/v1/entries/0190c000-0000-7000-8000-000000000001`, {
        method: 'OPTIONS',
        headers: { origin: APP, 'access-control-request-method': method, 'access-control-request-headers': headers },
      });
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-methods')!.split(',')).toContain(method);
      const allowed = reply.headers.get('access-control-allow-headers')!.split(',');
      expect(allowed).toEqual(expect.arrayContaining(headers.split(', ')));
    }
  });

  test('every header a client needs to read is exposed', async () => {
    const reply = await fetch(`${t.url}/silo/v1/entries`, { headers: { origin: APP } });
    const exposed = reply.headers.get('access-control-expose-headers')!.split(',');
    expect(exposed).toEqual(
      expect.arrayContaining([
        'X-Request-Id',
        'WWW-Authenticate',
        'ETag',
        'Allow',
        'Accept-Ranges',
        'Content-Range',
        'Content-Disposition',
        'Retry-After',
      ]),
    );
  });

  test('`*` answers a literal * and never allows credentials', async () => {
    const any = await startServer({ CORS_ORIGINS: '*' });
    try {
      const reply = await preflight(`${any.url}/silo/v1/entries`, 'http://whatever.test:3000');
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
      const actual = await fetch(`${any.url}/silo/v1/entries`, { headers: { origin: 'http://whatever.test:3000' } });
      expect(actual.status).toBe(401);
      expect(actual.headers.get('access-control-allow-origin')).toBe('*');
      expect(actual.headers.get('access-control-allow-credentials')).toBeNull();
    } finally {
      await any.close();
    }
  });

  test('with none configured, nothing changes: no CORS headers, and an OPTIONS needs a token like any request', async () => {
    const none = await startServer();
    try {
      const reply = await preflight(`${none.url}/silo/v1/entries`, APP);
      expect(reply.status).toBe(401);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await none.close();
    }
  });
});

/** What a page's script gets from a fetch: the answer, or the browser's refusal. */
type Outcome = { status: number; body: any } | { error: string };

const fetchFromPage = (page: Page, url: string, init: { method: string; headers: Record<string, string>; body?: string }) =>
  page.evaluate(
    async ({ url, init }): Promise<Outcome> => {
      try {
        const response = await fetch(url, init);
        return { status: response.status, body: await response.json() };
      } catch (error) {
        return { error: String(error) };
      }
    },
    { url, init },
  );

describeInBrowser('CORS in a real browser: a page on another origin', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof servePage>>;
  let allowed: TestServer;
  let blocked: TestServer;
  let token: string;
  beforeAll(async () => {
    site = await servePage('<!doctype html><title>front end</title><p>another origin</p>');
    [browser, allowed, blocked, token] = await Promise.all([
      launchChromium(),
      startServer({ CORS_ORIGINS: site.origin }),
      startServer({ CORS_ORIGINS: APP }),
      tokenFor(newWorkspace()),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([allowed?.close(), blocked?.close(), site?.close()]);
  });

  const calls = (base: string) => ({
    rest: { url: `${base}/silo/v1/entries?limit=5`, init: { method: 'GET', headers: { authorization: `Bearer ${token}` } } },
    graphql: {
      url: `${base}/graphql`,
      init: {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ entries(first: 5) { edges { cursor } pageInfo { hasNextPage } } }' }),
      },
    },
  });

  test('when its origin is allowed, REST and GraphQL answer it', async () => {
    const page = await browser.newPage();
    await page.goto(site.origin);
    const { rest, graphql } = calls(allowed.url);
    expect(await fetchFromPage(page, rest.url, rest.init)).toEqual({ status: 200, body: { limit: 5, list: [] } });
    expect(await fetchFromPage(page, graphql.url, graphql.init)).toEqual({
      status: 200,
      body: { data: { entries: { edges: [], pageInfo: { hasNextPage: false } } } },
    });
    // Without a token the page still reads the 401, so it can ask the user to sign in.
    expect(await fetchFromPage(page, rest.url, { method: 'GET', headers: {} })).toMatchObject({
      status: 401,
      body: { key: 'unauthorized' },
    });
    await page.close();
  });

  test('it can update an entry with PATCH and If-Match, read the ETag, and DELETE a meta row', async () => {
    const page = await browser.newPage();
    await page.goto(site.origin);
    const outcome = await page.evaluate(
      async ({ base, token }) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const document = (name: string) => ({ $schema: 'https://gobl.org/draft-0/org/party', name });
        const created = await fetch(`${base}/silo/v1/entries`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ data: document('Before') }),
        });
        const entry = (await created.json()) as { id: string; version: string };
        const updated = await fetch(`${base}/silo/v1/entries/${entry.id}`, {
          method: 'PATCH',
          headers: { ...headers, 'if-match': created.headers.get('etag')! },
          body: JSON.stringify({ data: document('After') }),
        });
        const stale = await fetch(`${base}/silo/v1/entries/${entry.id}`, {
          method: 'PATCH',
          headers: { ...headers, 'if-match': created.headers.get('etag')! },
          body: JSON.stringify({ data: document('Again') }),
        });
        const meta = `${base}/silo/v1/entries/${entry.id}/meta/note`;
        const put = await fetch(meta, { method: 'PUT', headers, body: JSON.stringify({ value: { a: 1 } }) });
        const removed = await fetch(meta, { method: 'DELETE', headers: { authorization: headers.authorization } });
        const gone = await fetch(meta, { headers: { authorization: headers.authorization } });
        return {
          createdTag: created.headers.get('etag'),
          version: entry.version,
          updated: updated.status,
          updatedTag: updated.headers.get('etag'),
          name: ((await updated.json()) as { data: { doc: { name: string } } }).data.doc.name,
          stale: stale.status,
          requestId: updated.headers.get('x-request-id'),
          put: put.status,
          removed: removed.status,
          gone: gone.status,
        };
      },
      { base: allowed.url, token },
    );
    expect(outcome.createdTag).toBe(`"${outcome.version}"`);
    expect(outcome).toMatchObject({ updated: 200, name: 'After', stale: 409, put: 200, removed: 200, gone: 404 });
    expect(outcome.updatedTag).toMatch(/^"[0-9a-f]{10}"$/);
    expect(outcome.updatedTag).not.toBe(outcome.createdTag);
    expect(outcome.requestId).toBeTruthy();
    await page.close();
  });

  test('when it is not, the browser blocks both', async () => {
    const page = await browser.newPage();
    await page.goto(site.origin);
    const { rest, graphql } = calls(blocked.url);
    expect(await fetchFromPage(page, rest.url, rest.init)).toEqual({ error: expect.stringMatching(/Failed to fetch/) });
    expect(await fetchFromPage(page, graphql.url, graphql.init)).toEqual({ error: expect.stringMatching(/Failed to fetch/) });
    await page.close();
  });
});
