import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { client, MARIADB_URL, newWorkspace, party, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { verifies, waitFor, WEBHOOK_TEST_ENV, WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Two servers on one database, both delivering: each endpoint is leased to one of them at a time, so no event
 * is sent twice at once, none is sent twice at all, and each endpoint gets its events in feed order. Then one
 * server closes and the other delivers alone.
 */
let servers: TestServer[] = [];
let dir: string;
let rx: WebhookReceiver;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'webhooks-shared-'));
  const database = testDatabase() === 'mariadb' ? MARIADB_URL : `sqlite:${path.join(dir, 'shared.sqlite')}`;
  const env = { DATABASE_URL: database, ...WEBHOOK_TEST_ENV, WEBHOOK_POLL_MS: '50' };
  // One after the other: the first runs the migrations.
  servers = [await startServer(env)];
  servers.push(await startServer(env));
  rx = await new WebhookReceiver().start();
  rx.delayMs = 20;
});
afterAll(async () => {
  await rx.stop();
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test("two servers never deliver one endpoint's events at once, nor any event twice; order holds", async () => {
  const workspaces = await Promise.all([newWorkspace(), newWorkspace()].map(async (ws) => ({ token: await tokenFor(ws) })));
  const hooks: { path: string; secret: string; workspace: number }[] = [];
  for (const [w, { token }] of workspaces.entries()) {
    for (let e = 0; e < 2; e++) {
      const hookPath = `/hook?w=${w}&e=${e}`;
      const created = await client(servers[e].url, token).post('/silo/v1/webhooks', { url: `${rx.base}${hookPath}` });
      expect(created.status).toBe(200);
      hooks.push({ path: hookPath, secret: created.body.secret, workspace: w });
    }
  }
  const EVENTS = 12;
  // Writes through both servers: each wakes its own dispatcher, the other finds them by polling.
  await Promise.all(
    workspaces.map(async ({ token }) => {
      for (let i = 0; i < EVENTS; i++) await client(servers[i % 2].url, token).post('/silo/v1/entries', { data: party(`Race ${i}`) });
    }),
  );
  await waitFor(() => rx.hooks.length >= hooks.length * EVENTS, 60_000, 'every event at every endpoint');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(rx.overlaps).toBe(0);
  for (const hook of hooks) {
    const received = rx.hooks.filter((h) => h.path === hook.path);
    expect(received.map((h) => h.payload.position)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    expect(received.every((h) => verifies(h, hook.secret))).toBe(true);
  }
});

test('with one server closed, the other delivers alone', async () => {
  await servers.pop()!.close();
  const api = client(servers[0].url, await tokenFor(newWorkspace()));
  const hook = (await api.post('/silo/v1/webhooks', { url: `${rx.base}/alone` })).body;
  await api.post('/silo/v1/entries', { data: party('Alone') });
  await waitFor(() => rx.hooks.some((h) => h.path === '/alone'), 15_000, 'a delivery');
  expect(
    verifies(
      rx.hooks.find((h) => h.path === '/alone')!,
      hook.secret,
    ),
  ).toBe(true);
});
