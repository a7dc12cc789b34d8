import { validate, version } from 'uuid';
import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';

let t: TestServer;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterAll(() => t.close());

describe('GET /utils/v1/uuid', () => {
  test('a version 4 UUID by default, a new one each time', async () => {
    const first = await api.get('/utils/v1/uuid');
    const second = await api.get('/utils/v1/uuid');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ uuid: expect.any(String), version: '4' });
    expect(validate(first.body.uuid) && version(first.body.uuid)).toBe(4);
    expect(second.body.uuid).not.toBe(first.body.uuid);
  });

  test.each(['1', '6', '7'])('version %s as asked', async (v) => {
    const reply = await api.get(`/utils/v1/uuid?v=${v}`);
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(v);
    expect(version(reply.body.uuid)).toBe(Number(v));
  });

  test('versions 3 and 5 are the same UUID for the same base and key', async () => {
    const base = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    const five = await api.get(`/utils/v1/uuid?v=5&base=${base}&key=1001`);
    expect(five.status).toBe(200);
    expect(version(five.body.uuid)).toBe(5);
    expect((await api.get(`/utils/v1/uuid?v=5&base=${base}&key=1001`)).body.uuid).toBe(five.body.uuid);
    expect((await api.get(`/utils/v1/uuid?v=5&base=${base}&key=1002`)).body.uuid).not.toBe(five.body.uuid);
    const three = await api.get(`/utils/v1/uuid?v=3&base=${base}&key=1001`);
    expect(version(three.body.uuid)).toBe(3);
  });

  test('bad parameters are 400 naming each; no token is 401', async () => {
    const badVersion = await api.get('/utils/v1/uuid?v=9');
    expect(badVersion.status).toBe(400);
    expect(badVersion.body).toMatchObject({ key: 'input', fields: { v: expect.any(String) } });
    const noBase = await api.get('/utils/v1/uuid?v=5');
    expect(noBase.status).toBe(400);
    expect(noBase.body.fields).toEqual({ base: expect.any(String), key: expect.any(String) });
    expect((await api.get('/utils/v1/uuid?v=3&base=nope&key=1')).body.fields).toEqual({ base: 'must be a UUID' });
    expect((await api.get('/utils/v1/uuid?v=4&v=7')).status).toBe(400);
    expect((await client(t.url).get('/utils/v1/uuid')).status).toBe(401);
    expect((await api.post('/utils/v1/uuid', {})).status).toBe(405);
  });
});
