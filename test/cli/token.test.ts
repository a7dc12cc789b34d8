import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { TEST_SECRET } from '../helpers/server';
import { buildService } from '../helpers/service-process';

/** `npm run token`: tokens of the local secret live 30 days; under JWT_SECRET no longer than JWT_MAX_LIFETIME, which the service would refuse. */
let tokenCli: string;
let dataDir: string;
beforeAll(() => {
  tokenCli = path.join(path.dirname(buildService()), 'cli', 'token.js');
  dataDir = mkdtempSync(path.join(tmpdir(), 'entries-token-cli-'));
}, 120_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [tokenCli, '--workspace', 'acme', ...args], {
    env: { PATH: process.env.PATH, NODE_PATH: path.resolve(__dirname, '../../node_modules'), DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

const lifetimeOf = (token: string) => {
  const { exp, iat, workspace_id } = decodeJwt(token);
  return { workspace: workspace_id, seconds: exp! - iat! };
};

test('under the local secret a token lives 30 days, or what --expires says', () => {
  expect(lifetimeOf(run({}).stdout)).toEqual({ workspace: 'acme', seconds: 30 * 86_400 });
  expect(lifetimeOf(run({}, '--expires', '400d').stdout).seconds).toBe(400 * 86_400);
});

test('under JWT_SECRET a token lives JWT_MAX_LIFETIME, and a longer --expires is refused with a message', () => {
  expect(lifetimeOf(run({ JWT_SECRET: TEST_SECRET }).stdout).seconds).toBe(86_400);
  expect(lifetimeOf(run({ JWT_SECRET: TEST_SECRET, JWT_MAX_LIFETIME: '2h' }, '--expires', '1h').stdout).seconds).toBe(3600);
  const refused = run({ JWT_SECRET: TEST_SECRET }, '--expires', '30d');
  expect(refused.status).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toContain('JWT_MAX_LIFETIME');
});

test('a misspelt flag exits 2 naming it, and prints no token; --help describes the command', () => {
  const misspelt = run({}, '--workspcae', 'x');
  expect(misspelt.status).toBe(2);
  expect(misspelt.stdout).toBe('');
  expect(misspelt.stderr).toContain('--workspcae');
  expect(misspelt.stderr).toContain('usage: npm run token');
  const help = run({}, '--help');
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('usage: npm run token -- [--workspace NAME] [--expires DURATION]');
  expect(help.stdout).toMatch(/--expires DURATION +how long it lives/);
});
