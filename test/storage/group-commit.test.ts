import { GroupCommit } from '../../src/storage/group-commit';
import type { Step } from '../../src/storage/sql-transaction';
import { startServer, testDatabase, type TestServer } from '../helpers/server';

/** Writes committed in groups: each whole and in order, one commit for many, and a bad write failing alone. */
let t: TestServer;
const TABLE = 'group_commit_probe';
beforeAll(async () => {
  t = await startServer();
  await t.server.dataSource.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await t.server.dataSource.query(`CREATE TABLE ${TABLE} (id INTEGER PRIMARY KEY, seen INTEGER NOT NULL)`);
});
afterAll(async () => {
  await t.server.dataSource.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await t.close();
});

/** Inserts a row holding how many rows it saw before it; its result is that number. */
const insert = (id: number) =>
  function* (): Generator<Step, number, any> {
    const [{ n }]: { n: number | string }[] = yield { sql: `SELECT COUNT(*) AS n FROM ${TABLE}`, parameters: [] };
    yield { sql: `INSERT INTO ${TABLE} (id, seen) VALUES (?, ?)`, parameters: [id, Number(n)] };
    return Number(n);
  };

test('writes issued together commit in fewer transactions than writes, each whole and in the order issued', async () => {
  const group = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 8 });
  const seen = await Promise.all(Array.from({ length: 20 }, (_, i) => group.run(insert(i + 1))));
  expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i)); // each saw the ones before it
  expect(group.committed.writes).toBe(20);
  expect(group.committed.groups).toBeGreaterThanOrEqual(3); // at most 8 a group
  expect(group.committed.groups).toBeLessThan(20);
  const rows: { n: number | string }[] = await t.server.dataSource.query(`SELECT COUNT(*) AS n FROM ${TABLE}`);
  expect(Number(rows[0].n)).toBe(20);
});

test('a write that fails is refused alone: the others of its group are committed', async () => {
  const group = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 64 });
  const outcomes = await Promise.allSettled([group.run(insert(101)), group.run(insert(1)), group.run(insert(102))]); // id 1 exists
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const rows: { id: number | string }[] = await t.server.dataSource.query(`SELECT id FROM ${TABLE} WHERE id > 100 ORDER BY id`);
  expect(rows.map((r) => Number(r.id))).toEqual([101, 102]);
});

test('writes issued one after the other are each committed without waiting for company', async () => {
  const group = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 64 });
  await group.run(insert(201));
  await group.run(insert(202));
  expect(group.committed).toEqual({ groups: 2, writes: 2 });
});

describe('groups that need not wait for the disk', () => {
  // MariaDB commits as its server is configured: there is nothing per transaction to see.
  const sqlite = testDatabase() !== 'mariadb';
  /** The connection's synchronous setting as a step of the transaction sees it (SQLite: 1 NORMAL, 2 FULL). */
  const syncSeen = function* (): Generator<Step, number, any> {
    const [row]: { synchronous: number }[] = yield { sql: 'PRAGMA synchronous', parameters: [] };
    return row.synchronous;
  };
  const syncNow = async () => ((await t.server.dataSource.query('PRAGMA synchronous')) as { synchronous: number }[])[0].synchronous;

  (sqlite ? test : test.skip)(
    'commit with synchronous NORMAL on SQLite, and leave the connection at FULL for every other write',
    async () => {
      const lax = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 8, durable: false });
      const strict = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 8 });
      expect(await Promise.all([lax.run(syncSeen), lax.run(syncSeen)])).toEqual([1, 1]); // a group
      expect(await lax.run(syncSeen)).toBe(1); // alone
      expect(await syncNow()).toBe(2);
      expect(await strict.run(syncSeen)).toBe(2);
    },
  );

  test('a group that fails leaves the connection at FULL too, and its good writes committed', async () => {
    const lax = new GroupCommit(t.server.dataSource, { windowMs: 5, maxWrites: 64, durable: false });
    const outcomes = await Promise.allSettled([lax.run(insert(301)), lax.run(insert(1)), lax.run(insert(302))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    if (sqlite) expect(await syncNow()).toBe(2);
    const rows: { id: number | string }[] = await t.server.dataSource.query(`SELECT id FROM ${TABLE} WHERE id > 300 ORDER BY id`);
    expect(rows.map((r) => Number(r.id))).toEqual([301, 302]);
  });
});
