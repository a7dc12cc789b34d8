import { EventRepository } from '../../src/storage/event.repository';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { loadConfig } from '../../src/config';
import type { WebhookDelivery, WebhookEndpoint } from '../../src/domain/webhooks/webhook';
import { openDataSource } from '../../src/storage/data-source';
import { eventSteps } from '../../src/storage/event-steps';
import { runTransaction } from '../../src/storage/sql-transaction';
import { WebhookRepository } from '../../src/storage/webhook.repository';
import { MARIADB_URL, testDatabase } from '../helpers/server';

/**
 * The leases that let many processes deliver (one holder per endpoint; an expired lease is another's to take),
 * and the bound on the attempts kept per endpoint.
 */
let dataSource: DataSource;
let store: WebhookRepository;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'webhook-store-'));
  const database = loadConfig(testDatabase() === 'mariadb' ? { DATABASE_URL: MARIADB_URL } : { DATA_DIR: dir }).database;
  dataSource = await openDataSource(database);
  store = new WebhookRepository(dataSource);
});
afterAll(async () => {
  await dataSource.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const made: WebhookEndpoint[] = [];
// Deleted after each test: a server started later on the same database must find nothing of these due.
afterEach(async () => {
  for (const endpoint of made.splice(0)) await store.delete(endpoint.workspaceId, endpoint.id);
});

/** An endpoint of a fresh workspace whose feed has one event past it: due. */
async function dueEndpoint(): Promise<WebhookEndpoint> {
  const workspaceId = `ws-${randomUUID()}`;
  const now = new Date();
  const endpoint = await store.create(
    {
      workspaceId,
      id: uuidv7(),
      url: 'http://127.0.0.1:9/never',
      enabled: true,
      secret: 'whsec_AAAA',
      deliveredSeq: 0,
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    },
    50,
  );
  await runTransaction(dataSource, function* () {
    yield* eventSteps([
      { id: uuidv7(), type: 'entry.created', workspaceId, entryId: randomUUID(), createdAt: now, data: { folder: 'inbox' } },
    ]);
  });
  while ((await new EventRepository(dataSource).placeUnplaced()).workspaces.length > 0);
  made.push(endpoint!);
  return endpoint!;
}

const mine = (claimed: WebhookEndpoint[], endpoint: WebhookEndpoint) => claimed.some((e) => e.id === endpoint.id);

test("a due endpoint is leased to one owner; once the lease expires another takes it; the holder's progress ends it", async () => {
  const endpoint = await dueEndpoint();
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms);
  const [a, b] = await Promise.all([store.claimDue('a', at(0), at(60_000), 1000), store.claimDue('b', at(0), at(60_000), 1000)]);
  expect([mine(a, endpoint), mine(b, endpoint)].filter(Boolean)).toHaveLength(1);
  const [holder, other] = mine(a, endpoint) ? ['a', 'b'] : ['b', 'a'];
  expect(mine(await store.claimDue(other, at(30_000), at(90_000), 1000), endpoint)).toBe(false);
  // The holder died: past its lease, the other takes the endpoint, and the old holder's word no longer counts.
  expect(mine(await store.claimDue(other, at(61_000), at(121_000), 1000), endpoint)).toBe(true);
  expect(await store.progress(endpoint, holder, { deliveredSeq: 1, attempts: 0 }, at(62_000))).toBe(false);
  expect(await store.progress(endpoint, other, { deliveredSeq: 1, attempts: 0 }, at(62_000))).toBe(true);
  // Delivered up to the feed's end: no longer due.
  expect(mine(await store.claimDue('c', at(200_000), at(260_000), 1000), endpoint)).toBe(false);
  expect((await store.find(endpoint.workspaceId, endpoint.id))?.deliveredSeq).toBe(1);
});

test('an endpoint waiting for a retry is not due before its time, nor when disabled', async () => {
  const endpoint = await dueEndpoint();
  const now = Date.now();
  expect(mine(await store.claimDue('a', new Date(now), new Date(now + 1000), 1000), endpoint)).toBe(true);
  await store.progress(
    endpoint,
    'a',
    { deliveredSeq: 0, attempts: 1, attemptStartedAt: new Date(now), nextAttemptAt: new Date(now + 5_000) },
    new Date(now),
  );
  expect(mine(await store.claimDue('b', new Date(now + 4_000), new Date(now + 9_000), 1000), endpoint)).toBe(false);
  await store.update(endpoint.workspaceId, endpoint.id, { enabled: false }, new Date(now));
  expect(mine(await store.claimDue('b', new Date(now + 6_000), new Date(now + 9_000), 1000), endpoint)).toBe(false);
  await store.update(endpoint.workspaceId, endpoint.id, { enabled: true }, new Date(now));
  expect(mine(await store.claimDue('b', new Date(now + 6_000), new Date(now + 9_000), 1000), endpoint)).toBe(true);
});

test('only the newest attempts of an endpoint are kept', async () => {
  const endpoint = await dueEndpoint();
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const delivery: WebhookDelivery = {
      id: uuidv7(),
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.id,
      eventId: uuidv7(),
      eventSeq: 1,
      eventType: 'entry.created',
      status: 'retrying',
      durationMs: 3,
      attempt: i + 1,
      createdAt: new Date(),
    };
    ids.push(delivery.id);
    await store.recordDelivery(delivery, 4);
  }
  const kept = await store.deliveries(endpoint.workspaceId, endpoint.id, 100);
  expect(kept.map((d) => d.id)).toEqual(ids.slice(2).reverse());
});

test('first attempts of many events are pruned now and then: never more than the kept number and one batch besides', async () => {
  const endpoint = await dueEndpoint();
  let most = 0;
  for (let seq = 1; seq <= 40; seq++) {
    const delivery: WebhookDelivery = {
      id: uuidv7(),
      workspaceId: endpoint.workspaceId,
      endpointId: endpoint.id,
      eventId: uuidv7(),
      eventSeq: seq,
      eventType: 'entry.created',
      status: 'delivered',
      durationMs: 3,
      attempt: 1,
      createdAt: new Date(),
    };
    await store.recordDelivery(delivery, 4);
    most = Math.max(most, (await store.deliveries(endpoint.workspaceId, endpoint.id, 100)).length);
  }
  expect(most).toBeLessThanOrEqual(4 + 16);
  expect((await store.deliveries(endpoint.workspaceId, endpoint.id, 100)).length).toBeLessThan(4 + 16);
});
