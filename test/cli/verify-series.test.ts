import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MARIADB_URL, client, newWorkspace, startServer, testDatabase, tokenFor, type TestServer } from '../helpers/server';
import { buildService } from '../helpers/service-process';

/** `npm run verify-series`: a whole series checked from the database, with the service's keys or a JWKS file alone. */
let cli: string;
let t: TestServer;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  cli = path.join(path.dirname(buildService()), 'cli', 'verify-series.js');
  t = await startServer();
  api = client(t.url, await tokenFor(newWorkspace()));
}, 120_000);
afterAll(() => t.close());

function run(...args: string[]) {
  const database = testDatabase() === 'mariadb' ? { DATABASE_URL: MARIADB_URL } : {};
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, NODE_PATH: path.resolve(__dirname, '../../node_modules'), DATA_DIR: t.dataDir, ...database },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

test('a whole chain holds; a changed row is named as the first break and exits 1; a JWKS file alone verifies it', async () => {
  const seriesId = randomUUID();
  await api.put(`/sequence/v1/series/${seriesId}`, { prefix: 'V-' });
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push(randomUUID());
    expect((await api.put(`/sequence/v1/series/${seriesId}/entries/${ids[i]}`, {})).status).toBe(200);
  }
  const whole = run('--series', seriesId);
  expect(whole).toMatchObject({ status: 0, stdout: expect.stringContaining('12 entries checked, the chain holds') });

  const jwksFile = path.join(t.dataDir, 'published-jwks.json');
  writeFileSync(jwksFile, JSON.stringify((await client(t.url).get('/.well-known/jwks.json')).body));
  expect(run('--series', seriesId, '--jwks', jwksFile)).toMatchObject({ status: 0 });
  // Keys that are not the service's: the first entry does not verify.
  writeFileSync(jwksFile, JSON.stringify({ keys: [] }));
  expect(run('--series', seriesId, '--jwks', jwksFile)).toMatchObject({ status: 1, stdout: expect.stringContaining('breaks at index 1') });

  await t.server.dataSource.query('UPDATE sequence_entries SET created_at = created_at + 1 WHERE id = ?', [ids[7]]);
  const broken = run('--series', seriesId);
  expect(broken.status).toBe(1);
  expect(broken.stdout).toContain(`breaks at index 8 (entry ${ids[7]})`);
  expect(broken.stdout).toContain('created_at');
  expect(broken.stdout).toContain('7 entries before it hold');
}, 60_000);

test('refusals: no --series is a usage error (2); an unknown series says so', () => {
  expect(run()).toMatchObject({ status: 2, stderr: expect.stringContaining('--series ID is required') });
  expect(run('--series', randomUUID())).toMatchObject({ status: 2, stderr: expect.stringContaining('no series') });
});
