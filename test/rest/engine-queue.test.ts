import type { DocumentWorkers } from '../../src/workers/document-workers';
import { invoiceOfLines } from '../helpers/documents';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * The engine's queue over HTTP, with one thread kept busy by a heavy document: a request whose client goes away
 * while its document waits is dropped (nothing stored), and a full queue, or a workspace's full share of it, is
 * answered 503 `unavailable` with Retry-After at once.
 */
let t: TestServer;
let engine: DocumentWorkers;
beforeAll(async () => {
  t = await startServer({ ENGINE_THREADS: '1', ENGINE_QUEUE_LIMIT: '2', ENGINE_QUEUE_WORKSPACE_LIMIT: '1', ENGINE_TIME_LIMIT_MS: '60000' });
  // The pool the server built (the entry service's engine), read to know what waits and what runs.
  engine = (t.server.entries as unknown as { engine: DocumentWorkers }).engine;
});
afterAll(() => t.close());

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

test('an abandoned request is dropped from the queue; past the limits, 503 with Retry-After', async () => {
  const [busy, patient, other, third] = await Promise.all(
    [newWorkspace(), newWorkspace(), newWorkspace(), newWorkspace()].map((w) => tokenFor(w)),
  );
  const api = (token: string) => client(t.url, token);

  const heavy = api(busy).post('/silo/v1/entries', { data: invoiceOfLines(6000) });
  await until(() => engine.inHand === 1 && engine.waiting === 0, 'the heavy document runs');

  // A create whose client gives up while it waits.
  const leaving = new AbortController();
  const abandoned = fetch(`${t.url}/silo/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${patient}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'abandoned', data: party('Never stored') }),
    signal: leaving.signal,
  }).catch((error: unknown) => error);
  await until(() => engine.waiting === 1, 'the create waits');
  leaving.abort();
  expect(await abandoned).toMatchObject({ name: 'AbortError' });
  await until(() => engine.waiting === 0, 'the abandoned create leaves the queue');
  expect(engine.inHand).toBe(1); // the heavy document still runs: the create was dropped, not served

  const queued = api(patient).post('/silo/v1/entries', { key: 'queued', data: party('Queued') });
  await until(() => engine.waiting === 1, 'the next create waits');
  const overShare = await api(patient).post('/silo/v1/entries', { data: party('Over its share') });
  expect({ status: overShare.status, key: overShare.body.key, retryAfter: overShare.headers.get('retry-after') }).toEqual({
    status: 503,
    key: 'unavailable',
    retryAfter: '1',
  });

  const another = api(other).post('/silo/v1/gobl/build', { data: party('Another workspace') });
  await until(() => engine.waiting === 2, 'another workspace waits too');
  const overAll = await api(third).post('/silo/v1/entries', { data: party('Queue full') });
  expect([overAll.status, overAll.body.key, overAll.headers.get('retry-after')]).toEqual([503, 'unavailable', '1']);

  expect((await heavy).status).toBe(200);
  expect((await queued).status).toBe(200);
  expect((await another).status).toBe(200);
  expect((await api(patient).get('/silo/v1/entries/key/abandoned')).status).toBe(404);
  expect((await api(patient).get('/silo/v1/entries/key/queued')).status).toBe(200);
  expect((await api(third).post('/silo/v1/entries', { data: party('Later') })).status).toBe(200);
});

test('a GraphQL mutation whose client goes away while its document waits is dropped too', async () => {
  const [busy, patient] = await Promise.all([tokenFor(newWorkspace()), tokenFor(newWorkspace())]);
  const heavy = client(t.url, busy).post('/silo/v1/entries', { data: invoiceOfLines(6000) });
  await until(() => engine.inHand === 1 && engine.waiting === 0, 'the heavy document runs');

  const leaving = new AbortController();
  const abandoned = fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${patient}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation Create($input: CreateEntryInput!) { createEntry(input: $input) { entry { id } } }',
      variables: { input: { key: 'abandoned-in-graphql', data: party('Never stored') } },
    }),
    signal: leaving.signal,
  }).catch((error: unknown) => error);
  await until(() => engine.waiting === 1, 'the mutation waits');
  leaving.abort();
  expect(await abandoned).toMatchObject({ name: 'AbortError' });
  await until(() => engine.waiting === 0, 'the abandoned mutation leaves the queue');
  expect(engine.inHand).toBe(1);

  expect((await heavy).status).toBe(200);
  expect((await client(t.url, patient).get('/silo/v1/entries/key/abandoned-in-graphql')).status).toBe(404);
});
