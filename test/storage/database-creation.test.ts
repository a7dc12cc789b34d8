import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { client, MARIADB_URL, party, startServer, testDatabase, tokenFor, newWorkspace } from '../helpers/server';
import { buildService } from '../helpers/service-process';

/**
 * A first start on a fresh MariaDB: the database DATABASE_URL names is made when the URL's user may, and a user
 * who may not is told, in one line without a stack trace, the statement to run.
 */
const onMariaDb = testDatabase() === 'mariadb' ? describe : describe.skip;

const urlWith = (change: (url: URL) => void) => {
  const url = new URL(MARIADB_URL);
  change(url);
  return url.toString();
};

async function admin<T>(work: (connection: Awaited<ReturnType<typeof createConnection>>) => Promise<T>): Promise<T> {
  const connection = await createConnection({ uri: MARIADB_URL });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

/** The service as a process that is expected to stop at start: its exit status and what it wrote. */
const startService = (env: Record<string, string>) =>
  spawnSync(process.execPath, [buildService()], {
    cwd: path.resolve(__dirname, '../..'),
    env: { PATH: process.env.PATH, NODE_PATH: path.resolve(__dirname, '../../node_modules'), PORT: '0', HOST: '127.0.0.1', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

onMariaDb('a database that does not exist yet', () => {
  test('is created at start when the user may, and the service works on it', async () => {
    const name = `created_${randomUUID().slice(0, 8)}`;
    const t = await startServer({ DATABASE_URL: urlWith((url) => (url.pathname = `/${name}`)) });
    try {
      const api = client(t.url, await tokenFor(newWorkspace()));
      expect((await api.post('/silo/v1/entries', { data: party('In a new database') })).status).toBe(200);
      const found = await admin((c) =>
        c.query('SELECT SCHEMA_NAME, DEFAULT_CHARACTER_SET_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]),
      );
      expect(found[0]).toEqual([{ SCHEMA_NAME: name, DEFAULT_CHARACTER_SET_NAME: 'utf8mb4' }]);
    } finally {
      await t.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS \`${name}\``));
    }
  });

  test('a server that cannot be reached is said in one line, with its address', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'entries-db-unreached-'));
    try {
      const started = startService({ DATA_DIR: dataDir, DATABASE_URL: urlWith((u) => (u.port = '1')) });
      expect(started.status).toBe(1);
      expect(started.stderr.trim()).toBe(
        "failed to start: cannot reach MariaDB at 127.0.0.1:1 (ECONNREFUSED): is it running, and is DATABASE_URL's host right?",
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a user who may not create it is told the statement to run, in one line, and nothing is made', async () => {
    const user = `limited_${randomUUID().slice(0, 8)}`;
    const name = `missing_${randomUUID().slice(0, 8)}`;
    const password = `pw-${randomUUID()}`;
    await admin((c) => c.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`));
    await admin((c) => c.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY '${password}'`));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'entries-db-refused-'));
    try {
      const url = urlWith((u) => {
        u.username = user;
        u.password = password;
        u.pathname = `/${name}`;
      });
      const started = startService({ DATA_DIR: dataDir, DATABASE_URL: url });
      expect(started.status).toBe(1);
      const said = started.stderr.trim();
      expect(said.split('\n')).toHaveLength(1);
      expect(said).toContain(`failed to start: the user "${user}" may not use the database "${name}"`);
      expect(said).toContain(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4; GRANT ALL ON \`${name}\`.* TO '${user}'`);
      expect(said).not.toContain(password);
      const found = await admin((c) => c.query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [name]));
      expect(found[0]).toEqual([]);
    } finally {
      await admin((c) => c.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
