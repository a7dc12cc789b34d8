import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { galeraDown, galeraKill, galeraSqlPort, galeraStart, galeraUp } from '../../scripts/galera';
import { recordFigures } from '../helpers/figures';
import { inParallel, SERIES_RACE, takenIndexes } from '../helpers/series-takes';
import { send } from '../helpers/http-outcome';
import { followFeed } from '../helpers/event-feed';
import { TEST_SECRET, party, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';
import { verifies, waitFor, WebhookReceiver } from '../helpers/webhook-receiver';

/**
 * Three service processes on a three-node MariaDB Galera cluster (started here on loopback ports, as
 * `npm run galera -- up` does), process N attached first to node N with the others as failover hosts.
 * Everything a client sees must be what one server on one database gives: racing keys and ids create one
 * entry each and 409 the rest, keyless creates never collide, all three servers start at once on an empty
 * database, an entry written through one process is read back through another at once, and a node killed
 * under load loses nothing acknowledged and costs the processes on the other nodes no error at all. A webhook
 * endpoint is served by one process at a time however the three race for it: each event once, in feed order.
 *
 * Needs root (the nodes' folders belong to the `mysql` user) and the Galera provider (`galera-4`); skipped
 * with one line otherwise, or with TEST_GALERA=0.
 */
const PROVIDER = ['/usr/lib/galera/libgalera_smm.so', '/usr/lib/libgalera_smm.so'].some((p) => existsSync(p));
const why =
  process.env.TEST_GALERA === '0'
    ? 'TEST_GALERA=0'
    : !PROVIDER
      ? 'the Galera provider is not installed (apt-get install galera-4)'
      : process.getuid?.() !== 0
        ? 'it needs root to give the nodes\u2019 folders to the mysql user'
        : undefined;
if (why) console.log(`Galera tests skipped: ${why}.`);
const onCluster = why ? describe.skip : describe;

const NODES = 3;
const WORKSPACE = `galera-${randomUUID().slice(0, 8)}`;
/** One signing key for the three processes, as a cluster's deployment configures it (a series' chain crosses them). */
const SIGNING_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

onCluster('three service processes on a three-node Galera cluster', () => {
  const database = `entries_${randomUUID().slice(0, 8)}`;
  let services: ServiceProcess[] = [];
  let dataDirs: string[] = [];
  let main: string;
  let token: string;
  const envFor = (node: number) => {
    // Node `node` first, then the others in order: the process moves along this list when its node fails.
    const order = Array.from({ length: NODES }, (_, i) => ((node - 1 + i) % NODES) + 1);
    return {
      DATABASE_URL: `mysql://root@${order.map((n) => `127.0.0.1:${galeraSqlPort(n)}`).join(',')}/${database}`,
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: dataDirs[node - 1],
      SIGNING_KEY,
      // Webhooks to a receiver in this test process, on loopback; each process looks for due endpoints often.
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_MS: '100',
    };
  };
  const sql = async <T>(node: number, query: string, params: unknown[] = []): Promise<T[]> => {
    const connection = await createConnection({ host: '127.0.0.1', port: galeraSqlPort(node), user: 'root', database });
    try {
      return (await connection.query(query, params))[0] as T[];
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    main = buildService();
    await galeraUp(NODES);
    const admin = await createConnection({ host: '127.0.0.1', port: galeraSqlPort(1), user: 'root' });
    await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
    await admin.end();
    dataDirs = Array.from({ length: NODES }, () => mkdtempSync(path.join(tmpdir(), 'entries-galera-service-')));
    token = await tokenFor(WORKSPACE, { expiresIn: '2h' });
  }, 180_000);

  afterAll(async () => {
    await killAllServiceProcesses();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await galeraDown();
  }, 60_000);

  const post = (service: ServiceProcess, body: unknown) =>
    send(`${service.url}/silo/v1/entries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const statusOf = (outcome: Awaited<ReturnType<typeof send>>) => ('status' in outcome ? outcome.status : 0);

  test('three servers started at once on an empty database all start, and the migrations ran once', async () => {
    services = await Promise.all([1, 2, 3].map((node) => startServiceProcess(main, envFor(node), 90_000)));
    const migrations = await sql<{ name: string; times: number }>(2, 'SELECT name, COUNT(*) AS times FROM migrations GROUP BY name');
    expect(migrations.length).toBeGreaterThan(0);
    for (const row of migrations) expect(Number(row.times)).toBe(1);
  }, 120_000);

  test('a key or an id raced through three processes on three nodes creates one entry; the others are 409; no 5xx', async () => {
    const statuses: Record<string, number> = {};
    const count = (s: number) => (statuses[s] = (statuses[s] ?? 0) + 1);
    for (let round = 0; round < 30; round++) {
      const key = `race-${round}-${randomUUID().slice(0, 8)}`;
      const byKey = await Promise.all(services.map((s, i) => post(s, { key, data: party(`Key race ${round} via ${i}`) })));
      const id = randomUUID();
      const byId = await Promise.all(
        services.map((s, i) =>
          send(`${s.url}/silo/v1/entries/${id}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ data: party(`Id race ${round} via ${i}`) }),
          }),
        ),
      );
      for (const group of [byKey, byId]) {
        const codes = group.map(statusOf);
        codes.forEach(count);
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(codes.filter((c) => c === 409)).toHaveLength(NODES - 1);
      }
    }
    recordFigures('galera-races', 'galera', { rounds: 30, statuses: JSON.stringify(statuses) });
  }, 120_000);

  test('300 concurrent creates without a key, through all three processes: every one stored, no 5xx', async () => {
    const outcomes = await Promise.all(Array.from({ length: 300 }, (_, i) => post(services[i % NODES], { data: party(`Keyless ${i}`) })));
    const statuses = outcomes.map(statusOf);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const ids = new Set(outcomes.map((o) => ('body' in o ? (o.body as { id: string }).id : '')));
    expect(ids.size).toBe(300);
  }, 120_000);

  test("writers on every node at once: a reader following the feed on each node reads every event once, in the feed's order", async () => {
    const feedToken = await tokenFor(`${WORKSPACE}-feed`, { expiresIn: '2h' });
    const headers = { authorization: `Bearer ${feedToken}`, 'content-type': 'application/json' };
    const read = (service: ServiceProcess) => async (path: string) => {
      const outcome = await send(`${service.url}${path}`, { headers });
      return { status: statusOf(outcome), body: 'body' in outcome ? outcome.body : undefined };
    };
    let writing = true;
    const followers = services.map((service) => followFeed(read(service), () => !writing));
    const created: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, w) => {
        for (let i = 0; i < 20; i++) {
          const outcome = await send(`${services[w % NODES].url}/silo/v1/entries`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ data: party(`Feed ${w}-${i}`) }),
          });
          expect(statusOf(outcome)).toBe(200);
          created.push((outcome as { body: { id: string } }).body.id);
        }
      }),
    );
    writing = false;
    const followed = await Promise.all(followers);
    // Once every write is acknowledged and applied everywhere, the whole feed as node 1 reads it from the start.
    const whole = await followFeed(read(services[0]), () => true);
    expect(whole.map((event) => event.entry_id).sort()).toEqual([...created].sort());
    for (const events of followed) expect(events.map((event) => event.id)).toEqual(whole.map((event) => event.id));
    recordFigures('galera-feed', 'galera', { writers: 12, events: whole.length, followers: NODES });
  }, 180_000);

  test('webhooks: three processes race for two endpoints while writers on every node create entries; each endpoint gets every event once, in feed order, never two at once', async () => {
    const hookToken = await tokenFor(`${WORKSPACE}-hooks`, { expiresIn: '2h' });
    const headers = { authorization: `Bearer ${hookToken}`, 'content-type': 'application/json' };
    const rx = await new WebhookReceiver().start();
    rx.delayMs = 20;
    try {
      const endpoints: { path: string; secret: string }[] = [];
      for (const [n, service] of services.slice(0, 2).entries()) {
        const hookPath = `/galera-hook-${n}`;
        const created = await send(`${service.url}/silo/v1/webhooks`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ url: `${rx.base}${hookPath}` }),
        });
        expect(statusOf(created)).toBe(200);
        endpoints.push({ path: hookPath, secret: (created as { body: { secret: string } }).body.secret });
      }
      const WRITERS = 6;
      const EACH = 10;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, w) => {
          for (let i = 0; i < EACH; i++) {
            const outcome = await send(`${services[w % NODES].url}/silo/v1/entries`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ data: party(`Hooked ${w}-${i}`) }),
            });
            expect(statusOf(outcome)).toBe(200);
          }
        }),
      );
      const events = WRITERS * EACH;
      await waitFor(
        () => endpoints.every((e) => rx.hooks.filter((h) => h.path === e.path).length >= events),
        90_000,
        'every event at both endpoints',
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // nothing more comes
      const positions = Array.from({ length: events }, (_, i) => i + 1);
      for (const endpoint of endpoints) {
        const hooks = rx.hooks.filter((h) => h.path === endpoint.path);
        expect({ path: endpoint.path, positions: hooks.map((h) => h.payload.position) }).toEqual({ path: endpoint.path, positions });
        expect(hooks.every((h) => verifies(h, endpoint.secret))).toBe(true);
      }
      expect(rx.overlaps).toBe(0);
      recordFigures('galera-webhooks', 'galera', { endpoints: endpoints.length, events, deliveries: rx.hooks.length });
    } finally {
      await rx.stop();
    }
  }, 180_000);

  test(`one series written on every node at once: ${SERIES_RACE.ids} entries (each id sent to two nodes) take ${SERIES_RACE.start} onwards once each; the chain holds`, async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const seriesId = randomUUID();
    const body = JSON.stringify({ prefix: 'G-', start: SERIES_RACE.start });
    expect(await send(`${services[0].url}/sequence/v1/series/${seriesId}`, { method: 'PUT', headers, body })).toMatchObject({
      status: 200,
    });
    const ids = Array.from({ length: SERIES_RACE.ids }, () => randomUUID());
    const requests = ids.flatMap((id, i) => [services[i % NODES], services[(i + 1) % NODES]].map((service) => ({ service, id })));
    const started = Date.now();
    const outcomes = await inParallel(requests, SERIES_RACE.concurrency, ({ service, id }) =>
      send(`${service.url}/sequence/v1/series/${seriesId}/entries/${id}`, { method: 'PUT', headers, body: '{}', timeoutMs: 60_000 }),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses: Record<string, number> = {};
    for (const outcome of outcomes) statuses[statusOf(outcome)] = (statuses[statusOf(outcome)] ?? 0) + 1;
    expect(statuses).toEqual({ 200: requests.length });
    const taken = takenIndexes(outcomes);
    expect(taken.ambiguous).toEqual([]);
    expect(taken.indexes).toEqual(ids.map((_, i) => SERIES_RACE.start + i));
    // Every node holds the same rows, and each process finds the chain whole.
    for (let node = 1; node <= NODES; node++) {
      const [row] = await sql<{ n: number; top: number }>(
        node,
        'SELECT COUNT(*) AS n, MAX(idx) AS top FROM sequence_entries WHERE series_id = ?',
        [seriesId],
      );
      expect([Number(row.n), Number(row.top)]).toEqual([SERIES_RACE.ids, SERIES_RACE.start + SERIES_RACE.ids - 1]);
      const verdict = await send(`${services[node - 1].url}/sequence/v1/series/${seriesId}/verify`, { headers });
      expect(verdict).toMatchObject({ status: 200, body: { valid: true, checked: SERIES_RACE.ids } });
    }
    recordFigures('galera-series', 'galera', {
      requests: outcomes.length,
      entries: taken.indexes.length,
      codes_per_second: (SERIES_RACE.ids / seconds).toFixed(0),
      statuses: JSON.stringify(statuses),
    });
  }, 300_000);

  test('an entry created through one process is read back through another at once: 0 misses in 300', async () => {
    let misses = 0;
    for (let i = 0; i < 300; i++) {
      const created = await post(services[i % NODES], { data: party(`Read back ${i}`) });
      expect(statusOf(created)).toBe(200);
      const id = (created as { body: { id: string } }).body.id;
      const read = await send(`${services[(i + 1) % NODES].url}/silo/v1/entries/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (statusOf(read) !== 200) misses++;
    }
    recordFigures('galera-read-your-writes', 'galera', { reads: 300, misses });
    expect(misses).toBe(0);
  }, 180_000);

  test('a node killed under load: nothing acknowledged lost, no 5xx on the other nodes, its process fails over within 2 s', async () => {
    const acknowledged: { id: string; digest: string }[] = [];
    const failures: { process: number; status: number; at: number }[] = [];
    let stop = false;
    const lastFailureOf3 = () => Math.max(0, ...failures.filter((f) => f.process === 3).map((f) => f.at));
    const drive = async (process: number) => {
      for (let n = 0; !stop; n++) {
        const outcome = await post(services[process - 1], { data: party(`Load ${process}-${n}`) });
        const status = statusOf(outcome);
        if (status === 200) {
          const body = (outcome as { body: { id: string; digest: { val: string } } }).body;
          acknowledged.push({ id: body.id, digest: body.digest.val });
        } else failures.push({ process, status, at: Date.now() });
      }
    };
    const load = [1, 2, 3, 1, 2, 3].map(drive);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const killedAt = Date.now();
    galeraKill(3);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    stop = true;
    await Promise.all(load);

    const failover = failures.some((f) => f.process === 3) ? lastFailureOf3() - killedAt : 0;
    recordFigures('galera-node-killed', 'galera', {
      acknowledged: acknowledged.length,
      failures_on_surviving: failures.filter((f) => f.process !== 3).length,
      failures_on_killed: failures.filter((f) => f.process === 3).length,
      statuses_on_killed: JSON.stringify([...new Set(failures.filter((f) => f.process === 3).map((f) => f.status))]),
      failover_ms: failover,
    });
    expect(failures.filter((f) => f.process !== 3)).toEqual([]);
    expect(failures.filter((f) => f.process === 3 && f.status !== 503)).toEqual([]);
    expect(failover).toBeLessThan(2000);

    // The node comes back and catches up; every acknowledged entry is on every node with its digest.
    await galeraStart(3);
    const expected = new Map(acknowledged.map((a) => [a.id, a.digest]));
    for (let node = 1; node <= NODES; node++) {
      const rows = await sql<{ id: string; digest: string }>(node, 'SELECT id, digest_val AS digest FROM entries WHERE workspace_id = ?', [
        WORKSPACE,
      ]);
      const found = new Map(rows.map((r) => [r.id, r.digest]));
      const lost = [...expected].filter(([id, digest]) => found.get(id) !== digest);
      expect({ node, lost }).toEqual({ node, lost: [] });
    }
  }, 180_000);
});
