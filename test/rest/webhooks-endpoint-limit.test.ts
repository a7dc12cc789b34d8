import { client, newWorkspace, startServer, tokenFor, type TestServer } from '../helpers/server';
import { WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * The limit of 50 endpoints a workspace holds under concurrent registrations: each raises the workspace's count
 * only while it is under the limit, in its own transaction (a count read beside the insert let MariaDB's
 * concurrent ones all see room).
 */
let t: TestServer;

beforeAll(async () => {
  t = await startServer(WEBHOOK_TEST_ENV);
});
afterAll(() => t.close());

test('200 concurrent registrations make exactly 50 endpoints; a deletion makes room for one more', async () => {
  const api = client(t.url, await tokenFor(newWorkspace()));
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => api.post('/silo/v1/webhooks', { url: `http://127.0.0.1:9/hook?n=${i}` })),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409).map((answer) => [answer.status, answer.body])).toEqual(
    [],
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(50);
  expect(statuses.filter((status) => status === 409)).toHaveLength(150);
  const listed = (await api.get('/silo/v1/webhooks')).body.list as { id: string }[];
  expect(listed).toHaveLength(50);

  expect((await api.post('/silo/v1/webhooks', { url: 'http://127.0.0.1:9/late' })).status).toBe(409);
  expect((await api.send('DELETE', `/silo/v1/webhooks/${listed[0].id}`)).status).toBe(204);
  const again = await Promise.all(Array.from({ length: 10 }, () => api.post('/silo/v1/webhooks', { url: 'http://127.0.0.1:9/again' })));
  expect(again.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
  expect((await api.get('/silo/v1/webhooks')).body.list).toHaveLength(50);
});
