import { randomUUID } from 'node:crypto';
import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('fetching one entry', () => {
  test('by id and by key, with data, equal to what create returned', async () => {
    const created = (await api.post('/silo/v1/entries', { data: party('Fetched'), key: 'key/with spaces & ünïcode' })).body;
    const byId = await api.get(`/silo/v1/entries/${created.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(created);
    const byKey = await api.get(`/silo/v1/entries/key/${encodeURIComponent(created.key)}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(created);
    expect(byKey.body.data.doc.name).toBe('Fetched');
  });

  test('ids are matched without regard to case', async () => {
    const created = (await api.post('/silo/v1/entries', { data: party('Case') })).body;
    expect((await api.get(`/silo/v1/entries/${created.id.toUpperCase()}`)).body.id).toBe(created.id);
  });

  test('keys are matched exactly: case and trailing spaces count', async () => {
    await api.post('/silo/v1/entries', { data: party('Exact'), key: 'Exact' });
    expect((await api.get('/silo/v1/entries/key/exact')).status).toBe(404);
    expect((await api.get('/silo/v1/entries/key/Exact%20')).status).toBe(404);
    const lower = await api.post('/silo/v1/entries', { data: party('lower'), key: 'exact' });
    expect(lower.status).toBe(200);
  });

  test('an unknown id or key is 404 not-found; a bad UUID is 400', async () => {
    const missing = await api.get(`/silo/v1/entries/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ key: 'not-found', code: 'not-found', message: expect.any(String) });
    expect((await api.get('/silo/v1/entries/key/never-used')).status).toBe(404);
    const bad = await api.get('/silo/v1/entries/12345');
    expect(bad.status).toBe(400);
    expect(bad.body.key).toBe('input');
  });
});
