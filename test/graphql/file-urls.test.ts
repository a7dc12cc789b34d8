import { party, startServer, type TestServer } from '../helpers/server';
import { apisFor, linksUpToExpiry } from './graphql-client';

/**
 * GraphQL's `Attachment.url` is the link REST gives for the same file, made from the same request: absolute
 * (PUBLIC_BASE_URL, else the request's own scheme and host) and signed, so a front end puts it in an <a href> or
 * <img src> and the browser fetches the bytes without a token; a private file's has no link and wants a token.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

/** An entry with a public and a private file, uploaded through REST. */
async function entryWithFiles(base = t.url) {
  const apis = await apisFor(base);
  const entry = await apis.rest.post('/silo/v1/entries', { data: party('Linked Files Ltd') });
  expect(entry.status).toBe(200);
  const upload = async (name: string, text: string, fields: Record<string, unknown> = {}) => {
    const reply = await apis.rest.post(`/silo/v1/entries/${entry.body.id}/files`, {
      name,
      mime: 'text/plain',
      data: Buffer.from(text).toString('base64'),
      ...fields,
    });
    expect(reply.status).toBe(200);
    return reply.body as { id: string; url: string };
  };
  const open = await upload('open.txt', 'open bytes');
  const hidden = await upload('hidden.txt', 'private bytes', { private: true });
  return { ...apis, entryId: entry.body.id as string, open, hidden };
}

const ATTACHMENTS = 'attachments { id url }';
type Shown = { id: string; url: string };

/** A plain GET, as a browser following an <a href> sends it: no token unless given. */
async function fetchText(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, text: await response.text() };
}

describe("GraphQL's Attachment.url is REST's link for the file", () => {
  test("absolute and signed, equal to REST's up to the expiry, in an entry and in a page alike; plain fetch reads the bytes", async () => {
    const { gql, rest, entryId, open, hidden } = await entryWithFiles();
    const reply = await gql.query(
      `query ($id: ID!) { entry(id: $id) { ${ATTACHMENTS} } entries(first: 1) { edges { node { ${ATTACHMENTS} } } } }`,
      { id: entryId },
    );
    expect(reply.body.errors).toBeUndefined();
    const fromEntry: Shown[] = reply.body.data.entry.attachments;
    const fromPage: Shown[] = reply.body.data.entries.edges[0].node.attachments;
    const restEntry = await rest.get(`/silo/v1/entries/${entryId}`);
    const restUrls = restEntry.body.attachments.map((a: Shown) => ({ id: a.id, url: a.url }));
    expect(linksUpToExpiry(fromEntry)).toEqual(linksUpToExpiry(restUrls));
    expect(linksUpToExpiry(fromPage)).toEqual(linksUpToExpiry(restUrls));

    const link = fromEntry.find((a) => a.id === open.id)!.url;
    const url = new URL(link);
    expect(`${url.protocol}//${url.host}`).toBe(t.url);
    expect(url.pathname).toBe(`/silo/v1/entries/${entryId}/files/${open.id}/download`);
    const expires = Number(url.searchParams.get('expires')) * 1000;
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
    expect(await fetchText(link)).toEqual({ status: 200, text: 'open bytes' });
    // The private file is there too, with REST's address and no link.
    expect(fromEntry.find((a) => a.id === hidden.id)!.url).toBe(hidden.url);
  });

  test("a private file's url has no query and wants a token", async () => {
    const { gql, token, entryId, hidden } = await entryWithFiles();
    const reply = await gql.query('query ($id: ID!) { entry(id: $id) { attachments { id url } } }', { id: entryId });
    const link = (reply.body.data.entry.attachments as Shown[]).find((a) => a.id === hidden.id)!.url;
    expect(link).toBe(`${t.url}/silo/v1/entries/${entryId}/files/${hidden.id}/download`);
    expect((await fetchText(link)).status).toBe(401);
    expect(await fetchText(link, { authorization: `Bearer ${token}` })).toEqual({ status: 200, text: 'private bytes' });
  });

  test("a file's key, category, embeddable and private read as REST shows them", async () => {
    const { gql, rest, entryId, hidden } = await entryWithFiles();
    const described = await rest.post(`/silo/v1/entries/${entryId}/files`, {
      name: 'terms.pdf',
      mime: 'application/pdf',
      key: 'terms',
      category: 'agreement',
      embeddable: true,
      data: Buffer.from('%PDF-1.7').toString('base64'),
    });
    expect(described.status).toBe(200);
    const reply = await gql.query('query ($id: ID!) { entry(id: $id) { attachments { id key category embeddable private } } }', {
      id: entryId,
    });
    expect(reply.body.errors).toBeUndefined();
    const shown = new Map((reply.body.data.entry.attachments as { id: string }[]).map((a) => [a.id, a]));
    expect(shown.get(described.body.id)).toEqual({
      id: described.body.id,
      key: 'terms',
      category: 'agreement',
      embeddable: true,
      private: false,
    });
    expect(shown.get(hidden.id)).toMatchObject({ private: true, key: null, category: null });
  });

  test("a query sent by GET gets the same links, and PUBLIC_BASE_URL makes their address as it does REST's", async () => {
    const behindProxy = await startServer({ PUBLIC_BASE_URL: 'https://files.example.com/base/' });
    try {
      const { token, rest, entryId, open } = await entryWithFiles(behindProxy.url);
      const query = encodeURIComponent(`{ entry(id: "${entryId}") { attachments { id url } } }`);
      const reply = await fetch(`${behindProxy.url}/graphql?query=${query}`, { headers: { authorization: `Bearer ${token}` } });
      const shown: Shown[] = ((await reply.json()) as any).data.entry.attachments;
      const restEntry = await rest.get(`/silo/v1/entries/${entryId}`);
      expect(linksUpToExpiry(shown)).toEqual(linksUpToExpiry(restEntry.body.attachments.map((a: Shown) => ({ id: a.id, url: a.url }))));
      const link = shown.find((a) => a.id === open.id)!.url;
      expect(link).toMatch(
        /^https:\/\/files\.example\.com\/base\/silo\/v1\/entries\/[^?]+\/download\?expires=\d+&scope=[\w-]+&signature=[\w-]+$/,
      );
      // The proxy strips /base: the link's path and query on the server itself read the bytes without a token.
      const onServer = `${behindProxy.url}${new URL(link).pathname.slice('/base'.length)}${new URL(link).search}`;
      expect(await fetchText(onServer)).toEqual({ status: 200, text: 'open bytes' });
    } finally {
      await behindProxy.close();
    }
  });
});
