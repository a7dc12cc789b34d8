import { randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * Every REST refusal carries `code` equal to `key`: the hosted API's clients (its Go client's ResponseError)
 * read the reason from `code`, and would otherwise report a bare status.
 */
let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer({ BODY_LIMIT: '64kb' });
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('code in every error body', () => {
  test.each([
    ['400 input', () => api.get('/silo/v1/entries?limit=0'), 400, 'input'],
    ['401 unauthorized', () => client(t.url).get('/silo/v1/entries'), 401, 'unauthorized'],
    ['404 not-found', () => api.get(`/silo/v1/entries/${randomUUID()}`), 404, 'not-found'],
    ['404 for an unknown path', () => api.get('/silo/v1/nowhere'), 404, 'not-found'],
    ['405 method-not-allowed', () => api.send('DELETE', '/silo/v1/entries'), 405, 'method-not-allowed'],
    ['413 payload-too-large', () => api.post('/silo/v1/entries', `{"data":"${'x'.repeat(100 * 1024)}"}`), 413, 'payload-too-large'],
    [
      '415 unsupported-media-type',
      () => api.post('/silo/v1/entries', '{}', { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
    ],
    [
      '422 unknown-schema',
      () => api.post('/silo/v1/entries', { data: { $schema: 'https://gobl.org/draft-0/nothing' } }),
      422,
      'unknown-schema',
    ],
  ])('%s', async (_name, send, status, key) => {
    const reply = await send();
    expect(reply.status).toBe(status);
    expect(reply.body).toMatchObject({ key, code: key, message: expect.any(String) });
  });

  test('409 conflict, with fields kept beside it', async () => {
    expect((await api.post('/silo/v1/entries', { key: 'twice', data: party('Once') })).status).toBe(200);
    const again = await api.post('/silo/v1/entries', { key: 'twice', data: party('Twice') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'conflict', code: 'conflict' });
    const missing = await api.post('/silo/v1/gobl/build', {});
    expect(missing.body).toEqual({ key: 'input', code: 'input', message: 'data: is required', fields: { data: 'is required' } });
  });

  test('503 from the readiness check when the database is gone', async () => {
    const gone = await startServer();
    try {
      await gone.server.dataSource.destroy();
      const reply = await client(gone.url).get('/readyz');
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ key: 'unavailable', code: 'unavailable', message: expect.any(String) });
    } finally {
      await gone.close();
    }
  });
});
