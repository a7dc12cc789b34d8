import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordFigures } from '../helpers/figures';
import { send } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, party, testDatabase, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';
import { verifies, waitFor, WEBHOOK_TEST_ENV, WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Webhooks survive a crash: the service process is SIGKILLed while it waits for a slow receiver's answer, then
 * started again on the same database. Its lease on the endpoint outlives it (WEBHOOK_LEASE_MS, shortened here);
 * once it expires, the new process takes the endpoint over and goes on from the last delivery it recorded.
 *
 * Delivery is at least once: the event in flight at the kill reached the receiver, but the dead process never
 * recorded its answer, so the new process sends it again. That repeat is the only one; apart from it the
 * receiver sees every event exactly once, in feed order, each signed for the endpoint's secret.
 */
const EVENTS = 50;
const KILL_AT = 20; // deliveries answered before the kill: the next one is in flight when it comes
const LEASE_MS = 2_000;

let main: string;
let dataDir: string;
let env: Record<string, string>;
let rx: WebhookReceiver;

beforeAll(async () => {
  main = buildService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-webhooks-crash-'));
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    DATABASE_URL: testDatabase() === 'mariadb' ? MARIADB_URL : `sqlite:${path.join(dataDir, 'crash.sqlite')}`,
    ...WEBHOOK_TEST_ENV,
    WEBHOOK_LEASE_MS: String(LEASE_MS),
  };
  rx = await new WebhookReceiver().start();
  rx.delayMs = 300;
}, 120_000);
afterAll(async () => {
  await killAllServiceProcesses();
  await rx.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGKILL mid-delivery, then a restart: every event delivered at least once, verified, in feed order but for the one in flight', async () => {
  const first = await startServiceProcess(main, env);
  const token = await tokenFor(`webhooks-crash-${randomUUID()}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (service: ServiceProcess, route: string, body: unknown) => {
    const outcome = await send(`${service.url}${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!('status' in outcome) || outcome.status !== 200) throw new Error(`${route}: ${JSON.stringify(outcome)}`);
    return outcome.body as any;
  };
  const hookPath = `/crash-${randomUUID().slice(0, 8)}`;
  const endpoint = await post(first, '/silo/v1/webhooks', { url: `${rx.base}${hookPath}` });
  const received = () => rx.hooks.filter((hook) => hook.path === hookPath);

  // The kill comes as the receiver gets delivery number KILL_AT + 1, before it answers.
  let killed: Promise<number | string> | undefined;
  let killedAt = 0;
  let resumedAt = 0;
  rx.answer = (hook) => {
    if (killed && !resumedAt && hook.path === hookPath) resumedAt = Date.now();
    if (!killed && hook.path === hookPath && received().length === KILL_AT) {
      killedAt = Date.now();
      killed = first.kill('SIGKILL');
    }
    return 200;
  };
  // Five writers: all 50 entries are written long before the 21st delivery (20 × 300 ms).
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < EVENTS) await post(first, '/silo/v1/entries', { data: party(`Crash ${next++}`) });
    }),
  );
  await waitFor(() => killed !== undefined, 60_000, 'the kill');
  expect(await killed).toBe('SIGKILL');
  const inFlight = rx.hooks.length; // the in-flight request is still answered, to nobody, and recorded after this

  const second = await startServiceProcess(main, env);
  await waitFor(() => new Set(received().map((hook) => hook.payload.position)).size === EVENTS, 90_000, 'every event delivered');
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // nothing more comes
  const hooks = received();
  const firstAfterRestart = hooks[KILL_AT + 1];
  // The endpoint waited for the dead process's lease (taken at its last progress, under 300 ms before the kill).
  expect(resumedAt - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 500);

  expect(hooks.every((hook) => verifies(hook, endpoint.secret))).toBe(true);
  expect(hooks.every((hook) => hook.headers['webhook-id'] === hook.payload.id)).toBe(true);
  const positions = hooks.map((hook) => hook.payload.position);
  // Feed order, with event KILL_AT + 1 twice: once to the dead process, once from the new one.
  const expected = Array.from({ length: EVENTS }, (_, i) => i + 1);
  expected.splice(KILL_AT + 1, 0, KILL_AT + 1);
  expect(positions).toEqual(expected);
  expect(hooks[KILL_AT].payload.id).toBe(firstAfterRestart.payload.id);
  expect(rx.overlaps).toBe(0);
  expect(inFlight).toBeLessThanOrEqual(KILL_AT + 1);

  // The new process's record of the endpoint: delivered through the last event, and its attempts listed.
  const read = await send(`${second.url}/silo/v1/webhooks/${endpoint.id}`, { headers });
  expect(read).toMatchObject({ status: 200, body: { position: EVENTS, enabled: true } });
  recordFigures('webhooks-crash', testDatabase(), {
    events: EVENTS,
    killed_after: KILL_AT,
    lease_ms: LEASE_MS,
    resumed_after_ms: resumedAt - killedAt,
  });
  await second.kill('SIGTERM');
}, 180_000);
