import { client, newWorkspace, party, startServer, tokenFor, type TestServer } from '../helpers/server';
import { ReceiverPool, verifies, waitFor, WEBHOOK_TEST_ENV } from '../helpers/webhook-receiver';

/**
 * Webhooks over REST, with real receivers on 127.0.0.1 (the server allows http and private addresses for them):
 * each delivery is verified with the standardwebhooks package; events arrive in feed order, are retried on 5xx
 * and while the receiver is down, end on another 4xx; a rotated secret signs beside the new one; attempts are
 * listed and one is sent again on request.
 */
let t: TestServer;
let api: ReturnType<typeof client>;
const receivers = new ReceiverPool();

beforeAll(async () => {
  t = await startServer(WEBHOOK_TEST_ENV);
});
beforeEach(async () => {
  api = client(t.url, await tokenFor(newWorkspace()));
});
afterEach(() => receivers.stopAll());
afterAll(() => t.close());

const receiver = () => receivers.start();

async function register(url: string, extra: Record<string, unknown> = {}) {
  const reply = await api.post('/silo/v1/webhooks', { url, ...extra });
  expect(reply.status).toBe(200);
  return reply.body as { id: string; secret: string; position: number };
}

const createEntry = async (name: string) => (await api.post('/silo/v1/entries', { data: party(name) })).body as { id: string };

describe('webhook endpoints', () => {
  test('created with a secret shown only then; listed, read, changed and deleted without it', async () => {
    const created = await register('http://127.0.0.1:9/hook', { description: 'ERP', events: ['entry.created', 'entry.signed'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      description: 'ERP',
      events: ['entry.created', 'entry.signed'],
      enabled: true,
      position: 0,
    });

    const listed = (await api.get('/silo/v1/webhooks')).body.list;
    expect(listed.map((hook: any) => hook.id)).toEqual([created.id]);
    expect(listed[0].secret).toBeUndefined();
    const read = await api.get(`/silo/v1/webhooks/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(created.secret.slice(6));

    const patched = await api.send('PATCH', `/silo/v1/webhooks/${created.id}`, {
      description: '',
      events: [],
      enabled: false,
      url: 'http://127.0.0.1:10/other',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ url: 'http://127.0.0.1:10/other', enabled: false });
    expect(patched.body.description).toBeUndefined();
    expect(patched.body.events).toBeUndefined();

    // Another workspace sees none of it.
    const other = client(t.url, await tokenFor(newWorkspace()));
    expect((await other.get(`/silo/v1/webhooks/${created.id}`)).status).toBe(404);
    expect((await other.get('/silo/v1/webhooks')).body.list).toEqual([]);

    expect((await api.send('DELETE', `/silo/v1/webhooks/${created.id}`)).status).toBe(204);
    expect((await api.get(`/silo/v1/webhooks/${created.id}`)).status).toBe(404);
    expect((await api.send('DELETE', `/silo/v1/webhooks/${created.id}`)).status).toBe(404);
  });

  test('bad settings are 400; a workspace has at most 50 endpoints', async () => {
    for (const body of [
      {},
      { url: 'ftp://example.com/' },
      { url: 'not a url' },
      { url: 'http://127.0.0.1/', events: ['entry.deleted'] },
      { url: 'http://127.0.0.1/', extra: 1 },
    ]) {
      const reply = await api.post('/silo/v1/webhooks', body);
      expect([JSON.stringify(body), reply.status, reply.body.key]).toEqual([JSON.stringify(body), 400, 'input']);
    }
    expect((await api.get('/silo/v1/webhooks/nope')).status).toBe(404);
    for (let i = 0; i < 50; i++) await register(`http://127.0.0.1:9/hook-${i}`);
    const over = await api.post('/silo/v1/webhooks', { url: 'http://127.0.0.1:9/one-more' });
    expect([over.status, over.body.key]).toEqual([409, 'conflict']);
  });
});

describe('delivery', () => {
  test("each event from the endpoint's creation on, in feed order, signed as Standard Webhooks say", async () => {
    await createEntry('Before');
    const rx = await receiver();
    const hook = await register(rx.url);
    expect(hook.position).toBe(1); // it starts at the feed's last place
    const entry = await createEntry('Acme');
    await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'sent' });
    await waitFor(() => rx.accepted.length >= 2, 15_000, 'two deliveries');
    const events = (await api.get('/silo/v1/events')).body.list;
    expect(rx.hooks.map((h) => h.payload.type)).toEqual(['entry.created', 'entry.state_added']);
    for (const [i, delivered] of rx.hooks.entries()) {
      expect(verifies(delivered, hook.secret)).toBe(true);
      const { cursor: _cursor, ...event } = events[i + 1];
      expect(delivered.payload).toEqual({ ...event, position: i + 2 });
      expect(delivered.headers['webhook-id']).toBe(event.id);
      expect(Math.abs(Number(delivered.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(delivered.headers['content-type']).toBe('application/json');
    }
    await waitFor(async () => (await api.get(`/silo/v1/webhooks/${hook.id}`)).body.position === 3, 5_000, "the endpoint's position");
    // A signature made with another secret does not verify.
    expect(verifies(rx.hooks[0], `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toBe(false);
  });

  test('an endpoint gets only its event types', async () => {
    const rx = await receiver();
    await register(rx.url, { events: ['entry.state_added'] });
    const entry = await createEntry('Acme');
    await api.post(`/silo/v1/entries/${entry.id}/states`, { key: 'sent' });
    await createEntry('Other');
    await waitFor(() => rx.hooks.length >= 1, 15_000, 'a delivery');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(rx.hooks.map((h) => h.payload.type)).toEqual(['entry.state_added']);
  });

  test('a 500 is retried until the endpoint answers 2xx: the same webhook-id each time, each attempt listed', async () => {
    const rx = await receiver();
    rx.answer = (_hook, index) => (index < 2 ? 500 : 204);
    const hook = await register(rx.url);
    await createEntry('Acme');
    await waitFor(() => rx.accepted.length === 1, 15_000, 'the third attempt');
    expect(rx.hooks.map((h) => h.answered)).toEqual([500, 500, 204]);
    expect(new Set(rx.hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
    for (const delivered of rx.hooks) expect(verifies(delivered, hook.secret)).toBe(true);
    // The attempt is recorded once its answer is in: the receiver may see the third before its row is committed.
    let deliveries: any[] = [];
    await waitFor(
      async () => (deliveries = (await api.get(`/silo/v1/webhooks/${hook.id}/deliveries`)).body.list).length === 3,
      5_000,
      'the third attempt recorded',
    );
    expect(deliveries.map((d: any) => [d.status, d.attempt, d.response_code])).toEqual([
      ['delivered', 3, 204],
      ['retrying', 2, 500],
      ['retrying', 1, 500],
    ]);
    expect(deliveries[1].next_attempt_at).toBeDefined();
    expect(deliveries[1].response_excerpt).toBe('answered 500');
  });

  test('a receiver that is down, then up, gets every event in order, once each', async () => {
    const rx = await receiver();
    const hook = await register(rx.url);
    await rx.stop();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createEntry(`Down ${i}`)).id);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await rx.start();
    await waitFor(() => rx.accepted.length >= 4, 30_000, 'four deliveries');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rx.hooks.map((h) => h.payload.entry_id)).toEqual(ids);
    expect(rx.hooks.map((h) => h.payload.position)).toEqual([1, 2, 3, 4]);
    for (const delivered of rx.hooks) expect(verifies(delivered, hook.secret)).toBe(true);
    const deliveries = (await api.get(`/silo/v1/webhooks/${hook.id}/deliveries?limit=200`)).body.list;
    const failed = deliveries.filter((d: any) => d.status === 'retrying');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].error).toBe('connection refused'); // a class, not the socket's text
    expect(failed.every((d: any) => d.response_code === undefined)).toBe(true);
  });

  test('a 4xx other than 408 and 429 ends that delivery: failed, and on to the next event', async () => {
    const rx = await receiver();
    rx.answer = (hook) => (hook.payload.position === 1 ? 410 : 200);
    const hook = await register(rx.url);
    await createEntry('Refused');
    await createEntry('Taken');
    await waitFor(() => rx.accepted.length === 1, 15_000, 'the second event');
    expect(rx.hooks.map((h) => [h.payload.position, h.answered])).toEqual([
      [1, 410],
      [2, 200],
    ]);
    let deliveries: any[] = [];
    await waitFor(
      async () => (deliveries = (await api.get(`/silo/v1/webhooks/${hook.id}/deliveries`)).body.list).length === 2,
      5_000,
      'both attempts recorded',
    );
    expect(deliveries.map((d: any) => [d.position, d.status, d.response_code])).toEqual([
      [2, 'delivered', 200],
      [1, 'failed', 410],
    ]);
  });

  test('after a rotation both secrets sign, for 24 hours; the new secret is shown once', async () => {
    const rx = await receiver();
    const hook = await register(rx.url);
    const rotated = await api.post(`/silo/v1/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const until = Date.parse(rotated.body.previous_secret_until);
    expect(Math.abs(until - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    expect((await api.get(`/silo/v1/webhooks/${hook.id}`)).body.secret).toBeUndefined();
    await createEntry('Rotated');
    await waitFor(() => rx.hooks.length === 1, 15_000, 'a delivery');
    const [delivered] = rx.hooks;
    expect(delivered.headers['webhook-signature'].split(' ').map((part) => part.slice(0, 3))).toEqual(['v1,', 'v1,']);
    expect(verifies(delivered, rotated.body.secret)).toBe(true);
    expect(verifies(delivered, hook.secret)).toBe(true);
  });

  test('deliveries page newest first; a retry sends that event again, once, and is listed', async () => {
    const rx = await receiver();
    rx.answer = (_hook, index) => (index === 0 ? 400 : 200);
    const hook = await register(rx.url);
    for (let i = 0; i < 3; i++) await createEntry(`Page ${i}`);
    await waitFor(() => rx.hooks.length === 3, 15_000, 'three deliveries');
    const path = `/silo/v1/webhooks/${hook.id}/deliveries`;
    await waitFor(async () => (await api.get(path)).body.list.length === 3, 5_000, 'three attempts listed');
    const first = await api.get(`${path}?limit=2`);
    expect(first.body.list.map((d: any) => d.position)).toEqual([3, 2]);
    const second = await api.get(`${path}?limit=2&before=${first.body.next_before}`);
    expect(second.body.list.map((d: any) => [d.position, d.status])).toEqual([[1, 'failed']]);
    expect(second.body.next_before).toBeUndefined();
    expect((await api.get(`${path}?limit=0`)).status).toBe(400);

    // Scheduled at once (202), then sent by the dispatcher, within its limits.
    const retried = await api.post(`${path}/${second.body.list[0].id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ position: 1, status: 'scheduled', attempt: 1, event_id: second.body.list[0].event_id });
    expect(retried.body.response_code).toBeUndefined();
    await waitFor(() => rx.hooks.length === 4, 10_000, 'the retried event');
    let sent: any;
    await waitFor(async () => (sent = (await api.get(`${path}?limit=1`)).body.list[0]).status !== 'scheduled', 5_000, 'the retry recorded');
    expect(sent).toMatchObject({ id: retried.body.id, position: 1, status: 'delivered', response_code: 200, attempt: 1 });
    expect(rx.hooks.map((h) => h.payload.position)).toEqual([1, 2, 3, 1]);
    expect(rx.hooks[3].headers['webhook-id']).toBe(rx.hooks[0].headers['webhook-id']);
    expect(verifies(rx.hooks[3], hook.secret)).toBe(true);
    expect((await api.get(`${path}?limit=1`)).body.list[0].id).toBe(retried.body.id);
    expect((await api.post(`${path}/0190a0a0-0000-7000-8000-000000000000/retry`)).status).toBe(404);
  });

  test('a disabled endpoint gets nothing until enabled again, then goes on where it stood', async () => {
    const rx = await receiver();
    const hook = await register(rx.url);
    await api.send('PATCH', `/silo/v1/webhooks/${hook.id}`, { enabled: false });
    await createEntry('While disabled');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(rx.hooks).toEqual([]);
    await api.send('PATCH', `/silo/v1/webhooks/${hook.id}`, { enabled: true });
    await waitFor(() => rx.hooks.length === 1, 15_000, 'the held event');
    expect(rx.hooks[0].payload.position).toBe(1);
  });

  test('a slow endpoint holds up neither writes nor other endpoints', async () => {
    const slow = await receiver();
    slow.delayMs = 3_000;
    const fast = await receiver();
    await register(slow.url);
    await register(fast.url);
    await createEntry('First');
    const started = Date.now();
    await waitFor(() => fast.hooks.length === 1, 3_000, 'the fast endpoint');
    const second = Date.now();
    await createEntry('Second');
    expect(Date.now() - second).toBeLessThan(1_500);
    await waitFor(() => fast.hooks.length === 2, 3_000, "the fast endpoint's second event");
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(slow.hooks).toHaveLength(0); // still answering the first
    await waitFor(() => slow.hooks.length === 2, 15_000, 'the slow endpoint');
    expect(slow.hooks.map((h) => h.payload.position)).toEqual([1, 2]);
  });
});
