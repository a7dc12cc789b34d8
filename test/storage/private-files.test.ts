import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mintToken } from '../../src/auth/mint-token';
import { createLogger, type Logger } from '../../src/logger';
import { client, MARIADB_URL, party, startServer, testDatabase, type TestServer } from '../helpers/server';
import { buildService, killAllServiceProcesses, startServiceProcess } from '../helpers/service-process';

/**
 * DATA_DIR is 0700 and every file the service writes in it 0600: the local JWT secret, the generated signing
 * key, and on SQLite the database with its -wal and -shm. Checked on the service as a real process (whose
 * umask is its own) and on a server built in this process, under Jest's usual 022 umask.
 */
const databaseEnv = (): Record<string, string> => (testDatabase() === 'mariadb' ? { DATABASE_URL: MARIADB_URL } : {});

/** Every path under `dir`, the folder itself first, with its permission bits in octal. */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(dir, full)] = (statSync(full).mode & 0o777).toString(8);
  }
  return modes;
}

/** What the modes must be: folders 700, files 600. */
function expectedModes(dir: string): Record<string, string> {
  const expected: Record<string, string> = { '.': '700' };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    expected[path.relative(dir, path.join(entry.parentPath, entry.name))] = entry.isDirectory() ? '700' : '600';
  }
  return expected;
}

const expectedFiles = () => [
  'jwt-secret',
  'signing-key.json',
  'file-link-secret',
  ...(testDatabase() === 'sqlite' ? ['entries.sqlite', 'entries.sqlite-wal', 'entries.sqlite-shm'] : []),
];

let parent: string;
beforeAll(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'entries-private-'));
});
afterAll(async () => {
  await killAllServiceProcesses();
  rmSync(parent, { recursive: true, force: true });
});

describe("the files of DATA_DIR are the owner's alone", () => {
  test('the service as a process, in a fresh DATA_DIR: folder 0700, every file 0600, after a create with the printed token', async () => {
    const dataDir = path.join(parent, 'process', 'data');
    const service = await startServiceProcess(buildService(), { DATA_DIR: dataDir, ...databaseEnv() });
    try {
      // No JWT key configured: the service printed a token of the local secret, valid 30 days.
      const token = await printedToken(service.output);
      expect((await client(service.url, token).post('/silo/v1/entries', { data: party('Private') })).status).toBe(200);
      expect(Object.keys(modesUnder(dataDir))).toEqual(expect.arrayContaining(expectedFiles()));
      expect(modesUnder(dataDir)).toEqual(expectedModes(dataDir));
      expect((statSync(path.dirname(dataDir)).mode & 0o777).toString(8)).toBe('700');
    } finally {
      await service.kill('SIGTERM');
    }
  });

  test('a later start on the same DATA_DIR prints no token, only how to mint one', async () => {
    const dataDir = path.join(parent, 'restarted', 'data');
    const first = await startServiceProcess(buildService(), { DATA_DIR: dataDir, ...databaseEnv() });
    try {
      await printedToken(first.output);
    } finally {
      await first.kill('SIGTERM');
    }
    const second = await startServiceProcess(buildService(), { DATA_DIR: dataDir, ...databaseEnv() });
    try {
      const says = (line: string) => line.includes('Mint one with: npm run token -- --workspace NAME');
      for (let waited = 0; !second.output.some(says) && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(second.output.some(says)).toBe(true);
      expect(second.output.filter((line) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(line) || line.includes('#token='))).toEqual([]);
    } finally {
      await second.kill('SIGTERM');
    }
  });

  test('in this process, under a 022 umask, the server makes the same modes itself', async () => {
    const dataDir = path.join(parent, 'in-process');
    const previous = process.umask(0o022);
    try {
      const t = await startServer({ DATA_DIR: dataDir, JWT_SECRET: '' });
      try {
        expect((await client(t.url, await localToken(t)).post('/silo/v1/entries', { data: party('Private') })).status).toBe(200);
        expect(Object.keys(modesUnder(dataDir))).toEqual(expect.arrayContaining(expectedFiles()));
        expect(modesUnder(dataDir)).toEqual(expectedModes(dataDir));
      } finally {
        await t.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  test('a DATA_DIR and files left open by an earlier start are narrowed, with a warning', async () => {
    const dataDir = path.join(parent, 'loose');
    mkdirSync(dataDir, { mode: 0o777 });
    chmodSync(dataDir, 0o777);
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-local-secret-from-an-older-start-0123456789\n', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    writeFileSync(path.join(dataDir, 'file-link-secret'), 'a-file-link-secret-from-an-older-start-0123456789\n', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'file-link-secret'), 0o644);
    if (testDatabase() === 'sqlite') {
      writeFileSync(path.join(dataDir, 'entries.sqlite'), '', { mode: 0o666 });
      chmodSync(path.join(dataDir, 'entries.sqlite'), 0o666);
    }
    const warnings: Record<string, unknown>[] = [];
    const previous = process.umask(0o022);
    try {
      const t = await startServer({ DATA_DIR: dataDir, JWT_SECRET: '' }, { logger: recordingLogger(warnings) });
      try {
        expect((await client(t.url, await localToken(t)).post('/silo/v1/entries', { data: party('Narrowed') })).status).toBe(200);
        expect(modesUnder(dataDir)).toEqual(expectedModes(dataDir));
      } finally {
        await t.close();
      }
    } finally {
      process.umask(previous);
    }
    const narrowed = [
      { path: dataDir, was: '0777', now: '0700' },
      { path: path.join(dataDir, 'jwt-secret'), was: '0644', now: '0600' },
      { path: path.join(dataDir, 'file-link-secret'), was: '0644', now: '0600' },
      ...(testDatabase() === 'sqlite' ? [{ path: path.join(dataDir, 'entries.sqlite'), was: '0666', now: '0600' }] : []),
    ];
    expect(warnings).toEqual(narrowed);
  });
});

/** The token the service prints after "listening" (the line may come a moment after it). */
async function printedToken(output: string[]): Promise<string> {
  const isToken = (line: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(line);
  for (let waited = 0; !output.some(isToken) && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const token = output.find(isToken);
  if (!token) throw new Error(`no token printed:\n${output.join('\n')}`);
  return token;
}

/** A token of the server's local secret, as `npm run token` makes. */
function localToken(t: TestServer): Promise<string> {
  return mintToken(t.server.localSecret!.secret, 'private-files');
}

/** A silent logger that keeps the objects of its warnings. */
function recordingLogger(warnings: Record<string, unknown>[]): Logger {
  const logger = createLogger('silent');
  logger.warn = ((object: Record<string, unknown>) => void warnings.push(object)) as typeof logger.warn;
  return logger;
}
