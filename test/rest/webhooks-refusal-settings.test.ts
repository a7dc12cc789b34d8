import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

/**
 * A service run as it ships (neither WEBHOOK_ALLOW_HTTP nor WEBHOOK_ALLOW_PRIVATE) refuses a local receiver; the
 * 400 names the setting that would allow it, so that whoever tries webhooks on their own machine finds it.
 */
let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('a refused webhook address names the setting that allows it', () => {
  test.each([
    ['http://example.com/hook', 'WEBHOOK_ALLOW_HTTP'],
    ['https://127.0.0.1:9/hook', 'WEBHOOK_ALLOW_PRIVATE'],
    ['https://[::1]/hook', 'WEBHOOK_ALLOW_PRIVATE'],
    ['https://192.168.1.20/hook', 'WEBHOOK_ALLOW_PRIVATE'],
    ['https://localhost:8443/hook', 'WEBHOOK_ALLOW_PRIVATE'],
  ])('%s: 400 naming %s, nothing stored', async (url, setting) => {
    const reply = await api.post('/silo/v1/webhooks', { url });
    expect([reply.status, reply.body.key]).toEqual([400, 'input']);
    expect(reply.body.message).toContain(`${setting}=true`);
    expect(JSON.stringify(reply.body.fields ?? reply.body.details ?? {})).toContain(setting);
    expect((await api.get('/silo/v1/webhooks')).body.list).toEqual([]);
  });

  test('a receiver on this machine over http (the usual first try) names both settings at once', async () => {
    const reply = await api.post('/silo/v1/webhooks', { url: 'http://localhost:3000/hook' });
    expect([reply.status, reply.body.key]).toEqual([400, 'input']);
    expect(reply.body.message).toContain('WEBHOOK_ALLOW_HTTP=true');
    expect(reply.body.message).toContain('WEBHOOK_ALLOW_PRIVATE=true');
  });

  test('a change of url to a refused one says it too, and the endpoint keeps its url', async () => {
    const created = await api.post('/silo/v1/webhooks', { url: 'https://93.184.215.14/hook' });
    expect(created.status).toBe(200);
    const patched = await api.send('PATCH', `/silo/v1/webhooks/${created.body.id}`, { url: 'http://93.184.215.14/hook' });
    expect([patched.status, patched.body.key]).toEqual([400, 'input']);
    expect(patched.body.message).toContain('WEBHOOK_ALLOW_HTTP=true');
    expect((await api.get(`/silo/v1/webhooks/${created.body.id}`)).body.url).toBe('https://93.184.215.14/hook');
  });

  test('a scheme that no setting allows names none', async () => {
    const reply = await api.post('/silo/v1/webhooks', { url: 'ftp://example.com/hook' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).not.toContain('WEBHOOK_ALLOW');
  });
});
