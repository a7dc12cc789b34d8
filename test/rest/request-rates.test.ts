/**
 * WORKSPACE_REQUEST_RATE at the HTTP edge: a workspace alone is not held; once another is served, its requests past
 * the rate wait their turn, and past the longest wait are refused 429 with Retry-After, nothing of them run; the
 * other workspace is not held by its debt. REST, GraphQL and a file's signed link alike.
 */
import { metricValue } from '../helpers/metrics';
import { client, message, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

const RATE = 20;
const BURST = 5;
const WAIT_MS = 1_000;

let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    WORKSPACE_REQUEST_RATE: String(RATE),
    WORKSPACE_REQUEST_BURST: String(BURST),
    WORKSPACE_REQUEST_WAIT_MS: String(WAIT_MS),
  });
});
afterAll(() => t.close());

/** `count` requests at once: their replies, and (in `answered`, filled as they come) the statuses in the order they were answered. */
function atOnce<R extends { status: number }>(count: number, send: (i: number) => Promise<R>) {
  const answered: number[] = [];
  const replies = Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const reply = await send(i);
      answered.push(reply.status);
      return reply;
    }),
  );
  return { answered, replies, statuses: replies.then((all) => all.map((reply) => reply.status)) };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((sum, s) => ({ ...sum, [s]: (sum[s] ?? 0) + 1 }), {});

const rateLimitedCount = async (outcome: string) =>
  (await metricValue(t.url, `http_requests_rate_limited_total{outcome="${outcome}"}`)) ?? 0;

test('a workspace alone on the service is never held, however many requests it sends at once', async () => {
  const busy = client(t.url, await tokenFor(newWorkspace()));
  const held = await rateLimitedCount('held');
  const statuses = await atOnce(80, () => busy.get('/silo/v1/entries')).statuses;
  expect(tally(statuses)).toEqual({ 200: 80 });
  expect(await rateLimitedCount('held')).toBe(held);
});

test('once another workspace is served, requests past the rate wait their turn, and past the wait are 429; the other is not held', async () => {
  const quiet = client(t.url, await tokenFor(newWorkspace()));
  const busyWorkspace = newWorkspace();
  const busy = client(t.url, await tokenFor(busyWorkspace));
  expect((await quiet.get('/silo/v1/entries')).status).toBe(200);
  const [held, refused] = [await rateLimitedCount('held'), await rateLimitedCount('refused')];

  const creates = atOnce(60, (i) => busy.post('/silo/v1/entries', { data: message(`flood ${i}`) }));
  // The quiet workspace's request, sent after the sixty, is answered before the last of those let in (the refused
  // ones are answered at once, before or after it: they are not counted).
  const quietAnswer = quiet
    .get('/silo/v1/entries')
    .then((reply) => ({ reply, answeredAfter: creates.answered.filter((status) => status === 200).length }));
  const statuses = await creates.statuses;
  const { reply, answeredAfter } = await quietAnswer;
  expect(reply.status).toBe(200);

  // Five at once, then one a turn (50 ms) up to the 1 s wait: 5 + 20 let in, whatever the machine's speed give or take a turn.
  const taken = statuses.filter((s) => s === 200).length;
  expect(taken).toBeGreaterThanOrEqual(BURST + (RATE * WAIT_MS) / 1000 - 1);
  expect(taken).toBeLessThanOrEqual(BURST + (RATE * WAIT_MS) / 1000 + 2);
  expect(tally(statuses)).toEqual({ 200: taken, 429: 60 - taken });
  expect(answeredAfter).toBeLessThan(taken);
  expect(await rateLimitedCount('refused')).toBe(refused + 60 - taken);
  expect(await rateLimitedCount('held')).toBeGreaterThanOrEqual(held + taken - BURST - 1);

  // Nothing of a refused request ran: the workspace holds exactly the entries let in.
  await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  const stored = await busy.get('/silo/v1/entries?limit=100');
  expect(stored.body.list).toHaveLength(taken);
});

test('a refusal is 429 `too-many-requests` with Retry-After, in REST and in GraphQL', async () => {
  const quiet = client(t.url, await tokenFor(newWorkspace()));
  const busy = client(t.url, await tokenFor(newWorkspace()));
  await quiet.get('/silo/v1/entries');
  const replies = await atOnce(60, (i) =>
    i % 2 === 0 ? busy.get('/silo/v1/entries') : busy.post('/graphql', { query: '{ entries(first: 1) { edges { cursor } } }' }),
  ).replies;
  const refused = replies.filter((reply) => reply.status === 429);
  const [rest, graphql] = [0, 1].map((api) => refused.find((reply) => replies.indexOf(reply) % 2 === api));
  expect(rest?.body).toMatchObject({ key: 'too-many-requests', message: expect.stringMatching(/try again in \d+ s/) });
  expect(Number(rest?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(graphql?.body.errors[0].extensions).toMatchObject({ code: 'TOO_MANY_REQUESTS', key: 'too-many-requests' });
  expect(Number(graphql?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

  // Once its turns have passed, the workspace is served again.
  await new Promise((resolve) => setTimeout(resolve, WAIT_MS + (1000 * BURST) / RATE));
  expect((await busy.get('/silo/v1/entries')).status).toBe(200);
});

test("a held request whose client goes away never runs; a file's signed link takes its workspace's turn too", async () => {
  const quiet = client(t.url, await tokenFor(newWorkspace()));
  const token = await tokenFor(newWorkspace());
  const busy = client(t.url, token);
  const created = await busy.post('/silo/v1/entries', { data: message('with a file') });
  const upload = new FormData();
  upload.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
  const file = await busy.post(`/silo/v1/entries/${created.body.id}/files`, upload);
  expect(file.status).toBe(200);
  await quiet.get('/silo/v1/entries');

  // Spend the burst and a few turns, then send a create that must wait, and leave before its turn.
  const spent = atOnce(BURST + 15, () => busy.get('/silo/v1/entries')).replies;
  const abort = new AbortController();
  const left = fetch(`${t.url}/silo/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: message('never stored') }),
    signal: abort.signal,
  }).catch((error: Error) => error.name);
  setTimeout(() => abort.abort(), 50);
  expect(await left).toBe('AbortError');
  await spent;

  // The signed link is refused like the token once the workspace's turns are further off than the wait.
  const links = await atOnce(40, () => fetch(file.body.url).then((reply) => reply.arrayBuffer().then(() => reply))).statuses;
  expect(links).toContain(429);
  expect(links).toContain(200);

  await new Promise((resolve) => setTimeout(resolve, 2 * WAIT_MS + (1000 * BURST) / RATE));
  const stored = await busy.get('/silo/v1/entries?limit=100');
  expect(stored.body.list.map((entry: { id: string }) => entry.id)).toEqual([created.body.id]);
});
