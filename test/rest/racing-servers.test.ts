import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshMysqlDatabase } from '../helpers/database-check';
import { recordFigures } from '../helpers/figures';
import { inParallel, SERIES_RACE, takenIndexes } from '../helpers/series-takes';
import { send, type Outcome } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, party, testDatabase, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';

/**
 * Several servers, one database: three service processes on the same database (a MariaDB database, or one
 * SQLite file), started together on an empty database (both run migrations), then 100 clients racing the
 * same keys and the same PUT ids through both. Exactly one 200 per key and per id, every other answer
 * 409, no 500, and the stored entries are exactly the winners.
 */
const CLIENTS = 100;
const KEYS = 5;
const IDS = 5;

let main: string;
let dataDir: string;
let servers: ServiceProcess[] = [];
let drop: (() => Promise<void>) | undefined;
const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

beforeAll(async () => {
  main = buildService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-race-'));
  let databaseUrl = `sqlite:${path.join(dataDir, 'shared.sqlite')}`;
  if (testDatabase() === 'mariadb') {
    const db = await freshMysqlDatabase(MARIADB_URL, `race_${randomUUID().slice(0, 8)}`);
    databaseUrl = db.url;
    drop = db.drop;
  }
  // Both at once, on an empty database: the migrations race too.
  servers = await Promise.all(
    ['a', 'b', 'c'].map((name) =>
      // Room in the engine's queue for every request at once (1,100 to one workspace): this suite is about the
      // database's constraints, and a slow machine would otherwise answer some 503 before they meet.
      startServiceProcess(main, {
        DATA_DIR: path.join(dataDir, name),
        DATABASE_URL: databaseUrl,
        JWT_SECRET: TEST_SECRET,
        ENGINE_QUEUE_LIMIT: '2000',
        ENGINE_QUEUE_WORKSPACE_LIMIT: '2000',
        // One signing key for both, as a deployment of several processes configures it: a series' chain is signed
        // by whichever process takes each entry.
        SIGNING_KEY: signingKey,
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill('SIGTERM')));
  await killAllServiceProcesses();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

test('three servers start together on one empty database', () => {
  expect(servers).toHaveLength(3);
  expect(new Set(servers.map((s) => s.url)).size).toBe(3);
});

test(`${CLIENTS} clients racing ${KEYS} keys and ${IDS} PUT ids through two servers: one winner each, the rest 409, no 500`, async () => {
  const workspace = `race-${randomUUID()}`;
  const token = await tokenFor(workspace);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const keys = Array.from({ length: KEYS }, (_, i) => `race-key-${i}`);
  const ids = Array.from({ length: IDS }, () => randomUUID());
  // One more race where both constraints meet: new ids, one shared key.
  const sharedKey = 'race-key-with-new-ids';

  type Attempt = { target: string; outcome: Outcome };
  const attempts: Attempt[] = [];
  const gate = new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      await gate;
      const base = servers[client % 2].url;
      const mine = [
        ...keys.map((key) => ({
          target: `key ${key}`,
          url: `${base}/silo/v1/entries`,
          method: 'POST',
          body: { key, data: party(`${key} by ${client}`) },
        })),
        ...ids.map((id) => ({
          target: `id ${id}`,
          url: `${base}/silo/v1/entries/${id}`,
          method: 'PUT',
          body: { data: party(`${id} by ${client}`) },
        })),
        {
          target: `key ${sharedKey}`,
          url: `${base}/silo/v1/entries/${randomUUID()}`,
          method: 'PUT',
          body: { key: sharedKey, data: party(`shared by ${client}`) },
        },
      ];
      // Each client takes the targets in its own order, so that every target is contended at once.
      mine.sort(() => Math.random() - 0.5);
      await Promise.all(
        mine.map(async (m) => {
          attempts.push({
            target: m.target,
            outcome: await send(m.url, { method: m.method, headers, body: JSON.stringify(m.body), timeoutMs: 60_000 }),
          });
        }),
      );
    }),
  );

  const winners = new Map<string, number>();
  const problems: string[] = [];
  let conflicts = 0;
  for (const { target, outcome } of attempts) {
    if ('error' in outcome) problems.push(`${target}: ${outcome.error}`);
    else if (outcome.status === 200) winners.set(target, (winners.get(target) ?? 0) + 1);
    else if (outcome.status === 409 && outcome.body?.key === 'conflict') conflicts++;
    else problems.push(`${target}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
  }
  const targets = [...keys.map((k) => `key ${k}`), ...ids.map((i) => `id ${i}`), `key ${sharedKey}`];
  const duplicates = targets.filter((t) => (winners.get(t) ?? 0) > 1);
  const noWinner = targets.filter((t) => !winners.has(t));

  // Both servers see exactly the winners: one entry per key and id.
  const listed = [];
  for (const server of servers) {
    // A read after the burst: a pooled connection the server has just closed as idle may fail once; ask again.
    const list = () => send(`${server.url}/silo/v1/entries?limit=100`, { headers });
    let reply = await list();
    if ('error' in reply) reply = await list();
    expect(reply).toMatchObject({ status: 200 });
    if ('status' in reply) listed.push(reply.body.list as { id: string; key?: string }[]);
  }

  recordFigures('racing', testDatabase(), {
    servers: servers.length,
    clients: CLIENTS,
    racing_requests: attempts.length,
    winners: [...winners.values()].reduce((a, b) => a + b, 0),
    conflicts,
    duplicates: duplicates.length,
    errors: problems.length,
  });
  expect(problems).toEqual([]);
  expect(duplicates).toEqual([]);
  expect(noWinner).toEqual([]);
  expect(conflicts).toBe(attempts.length - targets.length);
  for (const list of listed) {
    expect(list).toHaveLength(targets.length);
    expect(new Set(list.map((e) => e.id)).size).toBe(targets.length);
    expect(
      list
        .filter((e) => e.key)
        .map((e) => e.key)
        .sort(),
    ).toEqual([...keys, sharedKey].sort());
    expect(list.map((e) => e.id)).toEqual(expect.arrayContaining(ids));
  }
});

test(`a series raced through three servers: ${SERIES_RACE.ids} ids, each sent to two of them at once, take ${SERIES_RACE.start} onwards once each; the chain holds`, async () => {
  const headers = { authorization: `Bearer ${await tokenFor(`race-${randomUUID()}`)}`, 'content-type': 'application/json' };
  const seriesId = randomUUID();
  const body = JSON.stringify({ prefix: 'R-', start: SERIES_RACE.start });
  expect(await send(`${servers[0].url}/sequence/v1/series/${seriesId}`, { method: 'PUT', headers, body })).toMatchObject({ status: 200 });
  const ids = Array.from({ length: SERIES_RACE.ids }, () => randomUUID());
  const requests = ids.flatMap((id, i) => [servers[i % 3], servers[(i + 1) % 3]].map((server) => ({ server, id })));
  const outcomes = await inParallel(requests, SERIES_RACE.concurrency, ({ server, id }) =>
    send(`${server.url}/sequence/v1/series/${seriesId}/entries/${id}`, { method: 'PUT', headers, body: '{}', timeoutMs: 60_000 }),
  );
  const problems = outcomes.filter((o) => !('status' in o) || o.status !== 200).map((o) => JSON.stringify(o));
  expect(problems).toEqual([]);
  const taken = takenIndexes(outcomes);
  expect(taken.ambiguous).toEqual([]);
  expect(taken.indexes).toEqual(ids.map((_, i) => SERIES_RACE.start + i));
  for (const server of servers) {
    const verdict = await send(`${server.url}/sequence/v1/series/${seriesId}/verify`, { headers });
    expect(verdict).toMatchObject({ status: 200, body: { valid: true, checked: SERIES_RACE.ids } });
  }
  recordFigures('racing-series', testDatabase(), { servers: servers.length, requests: outcomes.length, entries: taken.indexes.length });
}, 240_000);
