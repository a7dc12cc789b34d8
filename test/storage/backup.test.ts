import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SQLITE_PAGE_SIZE } from '../../src/storage/data-source';
import { makeSqliteFile, sqliteLayout } from '../helpers/database-check';
import { invoice } from '../helpers/documents';
import { TEST_SECRET, client, newWorkspace, party, testDatabase, tokenFor } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess, type ServiceProcess } from '../helpers/service-process';
import { walkEntries } from '../helpers/walk-entries';
import { withoutProgress } from '../helpers/progress-lines';

/**
 * `npm run backup`: a copy of the SQLite file taken while another process, the service, keeps writing to it.
 * The copy must hold every create acknowledged before the backup began, serve each entry it holds with the
 * digest the create answered, and be a database the service starts on as it is.
 */
const ROOT = path.resolve(__dirname, '../..');
const SEEDED = 2000; // some megabytes, so the copy takes a while and the stream writes during it
const CLIENTS = 6;
const MIGRATIONS = readdirSync(path.join(ROOT, 'migrations')).filter((file) => /^\d+-.+\.ts$/.test(file)).length;

let main: string;
let dir: string;
/** A command of the built service: `npm run seed` lives in src/seed/, the others named here in src/storage/. */
const cli = (name: string) => path.join(path.dirname(main), 'cli', `${name}.js`);
const nodeEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH,
  NODE_PATH: path.join(ROOT, 'node_modules'),
  JWT_SECRET: TEST_SECRET,
  ...env,
});

function runCli(name: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [cli(name), ...args], { env: nodeEnv(env), encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The backup as the operator runs it, in its own process, without blocking this one (its clients keep writing). */
function runBackupAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [cli('backup'), ...args], { env: nodeEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

// The backup copies the embedded SQLite file; a MariaDB database is backed up with its own tools (the CLI refuses it).
const describeOnSqlite = testDatabase() === 'mariadb' ? describe.skip : describe;
if (testDatabase() === 'mariadb')
  process.stdout.write('backup: skipped on MariaDB, npm run backup copies SQLite only (MariaDB: mariadb-dump, mariabackup)\n');

describeOnSqlite('npm run backup', () => {
  beforeAll(() => {
    main = buildService();
    dir = mkdtempSync(path.join(tmpdir(), 'entries-backup-'));
  }, 120_000);

  afterAll(async () => {
    await killAllServiceProcesses();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a copy taken while clients keep creating holds every entry acknowledged before it, each with its digest, and the service starts on it', async () => {
    const live = path.join(dir, 'live.sqlite');
    const copy = path.join(dir, 'copy.sqlite');
    const liveEnv = { DATA_DIR: path.join(dir, 'live-data'), DATABASE_URL: `sqlite:${live}` };
    // A database made before new ones had 16 KiB pages: it keeps its 4 KiB pages, and its copy gets the new ones.
    makeSqliteFile(live, 4096);
    const seeded = runCli('seed', ['--workspace', 'seeded', '--count', String(SEEDED)], liveEnv);
    expect(withoutProgress(seeded.stderr)).toBe('');
    expect(seeded.status).toBe(0);

    const service: ServiceProcess = await startServiceProcess(main, { ...liveEnv, JWT_SECRET: TEST_SECRET });
    const workspace = newWorkspace();
    const api = client(service.url, await tokenFor(workspace));

    // Every acknowledged create: its digest, and when its answer came (before, during or after the backup).
    const acknowledged = new Map<string, { digest: unknown; phase: 'before' | 'during' | 'after' }>();
    const refused: unknown[] = [];
    let phase: 'before' | 'during' | 'after' = 'before';
    let stop = false;
    let counter = 0;
    const stream = Promise.all(
      Array.from({ length: CLIENTS }, async (_, clientNumber) => {
        while (!stop) {
          const n = counter++;
          const data = n % 2 === 0 ? party(`Party ${n}`) : invoice({ code: `B-${n}` });
          try {
            const reply = await api.post('/silo/v1/entries', { key: `backup-${clientNumber}-${n}`, data });
            if (reply.status !== 200) refused.push({ status: reply.status, body: reply.body });
            else acknowledged.set(reply.body.id, { digest: reply.body.digest, phase });
          } catch (error) {
            refused.push(String(error)); // the service went away: the waits below stop, the test fails naming it
            return;
          }
        }
      }),
    );

    const waitFor = async (condition: () => boolean) => {
      while (!condition() && refused.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await waitFor(() => acknowledged.size >= 50);
    const before = new Set(acknowledged.keys());
    phase = 'during';
    const backup = await runBackupAsync(['--to', copy], liveEnv);
    phase = 'after';
    const duringBackup = [...acknowledged.values()].filter((ack) => ack.phase === 'during').length;
    await waitFor(() => acknowledged.size >= before.size + duringBackup + 20);
    stop = true;
    await stream;
    await service.kill('SIGTERM');

    expect(refused).toEqual([]);
    expect(withoutProgress(backup.stderr)).toBe('');
    expect(backup.status).toBe(0);
    // The service kept acknowledging creates while the backup's process ran: it was taken under writes.
    expect(duringBackup).toBeGreaterThan(0);
    const printed = backup.stdout.match(/^backed up .+ to (.+): (\d+) bytes \(.+\), (\d+) entries, (\d+) migrations, in ([\d.]+) s\n$/);
    expect(printed).not.toBeNull();
    expect(printed![1]).toBe(copy);
    expect(Number(printed![3])).toBeGreaterThanOrEqual(SEEDED + before.size);
    expect(Number(printed![4])).toBe(MIGRATIONS);
    expect(readdirSync(dir).filter((file) => file.includes('.partial-'))).toEqual([]);
    expect(sqliteLayout(live).pageSize).toBe(4096);
    expect(sqliteLayout(copy).pageSize).toBe(SQLITE_PAGE_SIZE);

    // A fresh data folder: the database file alone is the backup.
    const restored = await startServiceProcess(main, {
      DATA_DIR: path.join(dir, 'restored-data'),
      DATABASE_URL: `sqlite:${copy}`,
      JWT_SECRET: TEST_SECRET,
    });
    try {
      const restoredApi = client(restored.url, await tokenFor(workspace));
      const { seen } = await walkEntries(restoredApi, 'limit=100');
      const ids = new Set(seen.map((entry) => entry.id));
      expect([...before].filter((id) => !ids.has(id))).toEqual([]);
      // Nothing but acknowledged creates, and each served whole: its digest is the one the create answered and its envelope's.
      const mismatches: unknown[] = [];
      for (const id of ids) {
        const reply = await restoredApi.get(`/silo/v1/entries/${id}`);
        const ack = acknowledged.get(id);
        if (
          reply.status !== 200 ||
          !ack ||
          JSON.stringify(reply.body.digest) !== JSON.stringify(ack.digest) ||
          reply.body.digest.val !== reply.body.data.head.dig.val
        ) {
          mismatches.push({ id, status: reply.status, served: reply.body.digest, acknowledged: ack?.digest });
        }
      }
      expect(mismatches).toEqual([]);
      // The seeded workspace came across whole too, as the count printed says.
      const seededApi = client(restored.url, await tokenFor('seeded'));
      const seededList = await walkEntries(seededApi, 'limit=100');
      expect(seededList.seen).toHaveLength(SEEDED);
      expect(Number(printed![3])).toBe(SEEDED + ids.size);
      const sample = await seededApi.get(`/silo/v1/entries/${seededList.seen[0].id}`);
      expect(sample.body.digest.val).toBe(sample.body.data.head.dig.val);
    } finally {
      await restored.kill('SIGTERM');
    }
  }, 300_000);

  describe('refusals, with nothing written', () => {
    let quiet: string;
    let database: string;
    let env: Record<string, string>;
    const listing = () => readdirSync(quiet).sort();

    beforeAll(() => {
      quiet = path.join(dir, 'quiet');
      mkdirSync(quiet);
      database = path.join(quiet, 'db.sqlite');
      env = { DATA_DIR: path.join(quiet, 'data'), DATABASE_URL: `sqlite:${database}` };
      expect(runCli('seed', ['--workspace', 'w', '--count', '1'], env).status).toBe(0);
    }, 120_000);

    test('a FILE that exists is never overwritten', () => {
      const existing = path.join(quiet, 'existing.sqlite');
      writeFileSync(existing, 'keep me');
      const files = listing();
      const result = runCli('backup', ['--to', existing], env);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        `backup refused or failed: ${existing} exists already: a backup never overwrites a file; name a new one\n`,
      );
      expect(readFileSync(existing, 'utf8')).toBe('keep me');
      expect(listing()).toEqual(files);
    });

    test('without --to, or with a flag it does not know: exit 2 naming what is wrong', () => {
      const files = listing();
      const result = runCli('backup', [], env);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^--to FILE is required\nusage: npm run backup -- --to FILE/);
      for (const [args, named] of [
        [['--to'], '--to'],
        [['--too', 'x.sqlite'], '--too'],
      ]) {
        const refused = runCli('backup', args as string[], env);
        expect(refused.status).toBe(2);
        expect(refused.stderr).toContain(named);
        expect(refused.stderr).toContain('usage: npm run backup -- --to FILE');
      }
      expect(listing()).toEqual(files);
    });

    test('on MariaDB: use its own tools', () => {
      const target = path.join(quiet, 'from-mariadb.sqlite');
      const files = listing();
      const result = runCli('backup', ['--to', target], { ...env, DATABASE_URL: 'mysql://root@127.0.0.1:3306/entries' });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('DATABASE_URL names MySQL/MariaDB');
      expect(result.stderr).toContain('mariadb-dump --single-transaction');
      expect(result.stderr).toContain('mariabackup');
      expect(result.stderr).toContain('docs/operations.md, "Backups"');
      expect(existsSync(target)).toBe(false);
      expect(listing()).toEqual(files);
    });
  });
});
