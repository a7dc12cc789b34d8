import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('service routes', () => {
  test('ping answers pong with a valid token', async () => {
    const reply = await api.get('/utils/v1/ping');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ping: 'pong' });
  });

  test('liveness and readiness need no token', async () => {
    const anonymous = client(t.url);
    expect((await anonymous.get('/healthz')).status).toBe(200);
    const ready = await anonymous.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  test.each([['/nothing/here'], ['/silo/v2/entries'], ['/silo/v1/entries/a/b/c']])('unknown path %s is a JSON 404', async (path) => {
    const reply = await api.get(path);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ key: 'not-found', code: 'not-found', message: expect.any(String) });
  });

  test.each([
    ['DELETE', '/silo/v1/entries', 'GET, POST'],
    ['PATCH', '/silo/v1/entries', 'GET, POST'],
    ['POST', '/silo/v1/entries/01a1fcbd-04c0-72ff-a05d-e50025768049', 'GET, PUT, PATCH'],
    ['DELETE', '/silo/v1/entries/01a1fcbd-04c0-72ff-a05d-e50025768049/states', 'GET, POST'],
    ['DELETE', '/silo/v1/entries/key/abc', 'GET'],
    ['POST', '/utils/v1/ping', 'GET'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const reply = await api.send(method, path);
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe(allow);
    expect(reply.body).toEqual({ key: 'method-not-allowed', code: 'method-not-allowed', message: expect.any(String) });
  });

  test('every answer carries a request id and nosniff', async () => {
    const reply = await api.get('/utils/v1/ping');
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    const echoed = await api.get('/utils/v1/ping', { 'x-request-id': 'trace-123' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });
});
