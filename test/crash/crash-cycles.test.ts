import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordFigures } from '../helpers/figures';
import { send } from '../helpers/http-outcome';
import { MARIADB_URL, TEST_SECRET, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';
import { dataHash, driveCreates, type Acknowledged, type InDoubt } from './crash-ledger';
import { freshMysqlDatabase, mysqlCheck, sqliteCheck, type DatabaseCheck } from '../helpers/database-check';

/**
 * Crash safety. Several clients create entries against the service running as a child process; at a
 * random moment it is killed with SIGKILL, then restarted on the same database, again and again. After
 * every restart: each entry acknowledged with 200 is there with the same digest and data; a request that
 * got no answer left either a whole entry or nothing; keys and ids are unique; and the database passes
 * its own integrity check (SQLite `PRAGMA integrity_check`, MariaDB `CHECK TABLE ... EXTENDED`).
 *
 * CRASH_CYCLES (default 3, `npm run test:crash` runs 30) and CRASH_CLIENTS (default 8) size it.
 */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
const databases = (process.env.TEST_DB ?? 'sqlite,mariadb').split(',').map((d) => d.trim());
const WORKSPACE = 'crash';

/** Kill moments: mostly while creates are under way, sometimes right after start. */
const killDelay = (early: boolean) => (early ? Math.random() * 100 : Math.random() * 1300);

let main: string;
beforeAll(() => {
  main = buildService();
}, 120_000);
afterAll(() => killAllServiceProcesses());

describe.each(databases)('crash cycles on %s', (database) => {
  let dataDir: string;
  let env: Record<string, string>;
  let check: DatabaseCheck;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'entries-crash-'));
    env = { DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET };
    if (database === 'mariadb') {
      const db = await freshMysqlDatabase(MARIADB_URL, `crash_${randomUUID().slice(0, 8)}`);
      env.DATABASE_URL = db.url;
      drop = db.drop;
      check = await mysqlCheck(db.url);
    } else {
      const file = path.join(dataDir, 'crash.sqlite');
      env.DATABASE_URL = `sqlite:${file}`;
      check = sqliteCheck(file);
    }
  });
  afterAll(async () => {
    await check?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test(
    `${CYCLES} SIGKILL cycles: every acknowledged entry survives whole, nothing half-stored, keys unique`,
    async () => {
      const token = await tokenFor(WORKSPACE, { expiresIn: '2h' });
      const acknowledged = new Map<string, Acknowledged>();
      const inDoubt: InDoubt[] = [];
      const knownKeys: string[] = [];
      const failures: string[] = [];
      let requests = 0;
      let conflicts = 0;
      let checks = 0;
      let inDoubtStored = 0;

      let service: ServiceProcess = await startServiceProcess(main, env);
      for (let cycle = 1; cycle <= CYCLES; cycle++) {
        const drive = driveCreates(service.url, token, { clients: CLIENTS, cycle, knownKeys });
        // On a busy machine the first creates after a start can take seconds; a kill before any of them
        // is answered would test nothing, so the kill moment counts from the first 200 (bounded).
        // One cycle in five (never the first, so that every run has acknowledged entries to check) is killed
        // right after the start instead.
        const early = cycle > 1 && Math.random() < 0.2;
        if (!early) await Promise.race([drive.acknowledgedOnce, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        await new Promise((resolve) => setTimeout(resolve, killDelay(early)));
        await service.kill('SIGKILL');
        drive.stop();
        const load = await drive.done;
        requests += load.requests;
        conflicts += load.conflicts;
        failures.push(...load.unexpected, ...load.duplicates.map((k) => `a repeated key was stored twice: ${k}`));
        for (const entry of load.acknowledged) acknowledged.set(entry.id, entry);
        inDoubt.push(...load.inDoubt);

        service = await startServiceProcess(main, env);
        const result = await verify(service.url, token, check, acknowledged, load.inDoubt, cycle);
        checks += result.checks;
        inDoubtStored += result.inDoubtStored;
        failures.push(...result.failures.map((f) => `cycle ${cycle}: ${f}`));
        if (failures.length > 0) break;
      }

      // Last, every acknowledged entry once more over HTTP, with its data.
      if (failures.length === 0) {
        const final = await fetchAll(service.url, token, [...acknowledged.values()]);
        checks += final.checks;
        failures.push(...final.failures.map((f) => `final: ${f}`));
      }
      await service.kill('SIGTERM');

      recordFigures('crash', database, {
        cycles: CYCLES,
        clients: CLIENTS,
        requests,
        acknowledged: acknowledged.size,
        checks,
        lost: failures.filter((f) => f.includes('lost')).length,
        in_doubt: inDoubt.length,
        in_doubt_stored_whole: inDoubtStored,
        repeated_key_conflicts: conflicts,
        failures: failures.length,
      });
      expect(failures).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(0);
    },
    60_000 + CYCLES * 40_000,
  );
});

/** After a restart: the database's own check, then every row against the ledger, then this cycle's entries over HTTP. */
async function verify(
  base: string,
  token: string,
  check: DatabaseCheck,
  acknowledged: Map<string, Acknowledged>,
  inDoubt: InDoubt[],
  cycle: number,
): Promise<{ failures: string[]; checks: number; inDoubtStored: number }> {
  const failures: string[] = [];
  failures.push(...(await check.integrity()).map((p) => `integrity check: ${p}`));
  failures.push(...(await check.duplicates(WORKSPACE)).map((d) => `duplicate ${d}`));

  const rows = new Map((await check.rows(WORKSPACE)).map((row) => [row.id, row]));
  let checks = 0;
  for (const entry of acknowledged.values()) {
    checks++;
    const row = rows.get(entry.id);
    if (!row) {
      failures.push(`acknowledged entry ${entry.id} (${entry.key}) lost`);
      continue;
    }
    if (row.digest !== entry.digest || row.key !== entry.key || dataHash(JSON.parse(row.data)) !== entry.dataHash) {
      failures.push(`acknowledged entry ${entry.id} (${entry.key}) changed: lost its digest, key or data`);
    }
  }
  // Every stored row is whole: its data parses and names the row's id and digest.
  const byKey = new Map<string, string>();
  for (const row of rows.values()) {
    if (row.key) byKey.set(row.key, row.id);
    try {
      const data = JSON.parse(row.data) as { head?: { uuid?: string; dig?: { val?: string } } };
      if (data.head?.uuid !== row.id || data.head?.dig?.val !== row.digest)
        failures.push(`row ${row.id} is half-stored: data does not match`);
    } catch {
      failures.push(`row ${row.id} is half-stored: data does not parse`);
    }
  }
  // A request that got no answer: stored whole, or not at all, and the service agrees with the table.
  let inDoubtStored = 0;
  for (const doubt of inDoubt) {
    const id = byKey.get(doubt.key);
    if (doubt.id && id && id !== doubt.id) failures.push(`in-doubt PUT ${doubt.id} stored under another id ${id}`);
    if (doubt.id && !id && rows.has(doubt.id)) failures.push(`in-doubt PUT ${doubt.id} stored without its key`);
    const reply = await send(`${base}/silo/v1/entries/key/${encodeURIComponent(doubt.key)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    checks++;
    if ('error' in reply) failures.push(`GET key ${doubt.key}: ${reply.error}`);
    else if (id && (reply.status !== 200 || reply.body.id !== id))
      failures.push(`in-doubt key ${doubt.key} is in the table but answers ${reply.status}`);
    else if (!id && reply.status !== 404) failures.push(`in-doubt key ${doubt.key} is not in the table but answers ${reply.status}`);
    if (id) inDoubtStored++;
  }
  const thisCycle = [...acknowledged.values()].filter((e) => e.cycle === cycle);
  const fetched = await fetchAll(base, token, thisCycle);
  // The list agrees with the table: every entry once, none missing.
  const listed = await listAll(base, token);
  if (listed.length !== rows.size || new Set(listed).size !== listed.length) {
    failures.push(`the list has ${listed.length} entries (${new Set(listed).size} distinct), the table ${rows.size}`);
  }
  return { failures: [...failures, ...fetched.failures], checks: checks + fetched.checks, inDoubtStored };
}

/** GET by id and by key: same digest, same data as the 200 said. */
async function fetchAll(base: string, token: string, entries: Acknowledged[]): Promise<{ failures: string[]; checks: number }> {
  const failures: string[] = [];
  const headers = { authorization: `Bearer ${token}` };
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const [byId, byKey] = await Promise.all([
        send(`${base}/silo/v1/entries/${entry.id}`, { headers }),
        send(`${base}/silo/v1/entries/key/${encodeURIComponent(entry.key)}`, { headers }),
      ]);
      for (const reply of [byId, byKey]) {
        if ('error' in reply || reply.status !== 200) {
          failures.push(`acknowledged entry ${entry.id} lost: ${'error' in reply ? reply.error : reply.status}`);
        } else if (reply.body.id !== entry.id || reply.body.digest.val !== entry.digest || dataHash(reply.body.data) !== entry.dataHash) {
          failures.push(`acknowledged entry ${entry.id} differs from its acknowledgement`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { failures, checks: entries.length };
}

async function listAll(base: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const reply = await send(`${base}/silo/v1/entries?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if ('error' in reply || reply.status !== 200) throw new Error(`list failed: ${JSON.stringify(reply)}`);
    ids.push(...reply.body.list.map((e: { id: string }) => e.id));
    cursor = reply.body.next_cursor;
  } while (cursor);
  return ids;
}
