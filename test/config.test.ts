import { availableParallelism } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, parseDuration, parseSize } from '../src/config';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  test('defaults follow the contract', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ type: 'sqlite', file: path.resolve('./data/entries.sqlite') });
    expect(config.bodyLimit).toBe(2 * 1024 * 1024);
    expect(config.jwt).toEqual({ workspaceClaim: 'workspace_id', maxLifetimeSeconds: 24 * 3600, jwksCacheMs: 60_000 });
    expect(config.graphql).toEqual({ sandbox: true, introspection: true });
    expect(config.logLevel).toBe('info');
    expect(config.engine).toEqual({ threads: availableParallelism(), timeLimitMs: 10_000, memoryMb: 512 });
  });

  test('ENGINE_THREADS=0 keeps documents on the HTTP thread; the engine limits are read', () => {
    expect(loadConfig({ ENGINE_THREADS: '0', ENGINE_TIME_LIMIT_MS: '2500', ENGINE_MEMORY_MB: '256' }).engine).toEqual({ threads: 0, timeLimitMs: 2500, memoryMb: 256 });
  });

  test('NODE_ENV=production does not switch the sandbox or introspection off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphql).toEqual({ sandbox: true, introspection: true });
    expect(loadConfig({ GRAPHQL_SANDBOX: 'false', GRAPHQL_INTROSPECTION: 'false' }).graphql).toEqual({ sandbox: false, introspection: false });
  });

  test.each([
    ['mysql://root:pw@db:3306/entries', { type: 'mysql', url: 'mysql://root:pw@db:3306/entries' }],
    ['mariadb://root@db/entries', { type: 'mysql', url: 'mysql://root@db/entries' }],
    ['sqlite:/tmp/x.sqlite', { type: 'sqlite', file: '/tmp/x.sqlite' }],
  ])('DATABASE_URL %s', (url, expected) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual(expected);
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BODY_LIMIT: 'lots' }, 'BODY_LIMIT'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_PUBLIC_KEY: 'not a pem' }, 'JWT_PUBLIC_KEY'],
    [{ JWT_JWKS_URL: 'ftp://x' }, 'JWT_JWKS_URL'],
    [{ JWT_SECRET: 'x'.repeat(40), JWT_JWKS_URL: 'https://id.example/jwks' }, 'only one'],
    [{ GRAPHQL_SANDBOX: 'maybe' }, 'GRAPHQL_SANDBOX'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ENGINE_THREADS: '-1' }, 'ENGINE_THREADS'],
    [{ ENGINE_TIME_LIMIT_MS: '0' }, 'ENGINE_TIME_LIMIT_MS'],
    [{ ENGINE_MEMORY_MB: '16' }, 'ENGINE_MEMORY_MB must be at least 64'],
    [{ JWT_MAX_LIFETIME: 'forever' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_MAX_LIFETIME: '0' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_MAX_LIFETIME: '500ms' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_JWKS_CACHE_AGE: '-1' }, 'JWT_JWKS_CACHE_AGE'],
    [{ JWT_JWKS_CACHE_AGE: '1 minute' }, 'JWT_JWKS_CACHE_AGE'],
  ])('%p is refused with a message naming %s', (env, name) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  test('every bad value is reported at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y', BODY_LIMIT: 'z' })).toHaveLength(3);
  });
});

test('JWT_MAX_LIFETIME and JWT_JWKS_CACHE_AGE take durations', () => {
  const { jwt } = loadConfig({ JWT_MAX_LIFETIME: '2h', JWT_JWKS_CACHE_AGE: '15s' });
  expect(jwt.maxLifetimeSeconds).toBe(7200);
  expect(jwt.jwksCacheMs).toBe(15_000);
});

describe('parseDuration', () => {
  test('a number with ms, s, m, h or d (seconds without one) reads as milliseconds', () => {
    expect(['24h', '30m', '60', '1s', '250ms', '7d'].map(parseDuration)).toEqual([86_400_000, 1_800_000, 60_000, 1000, 250, 7 * 86_400_000]);
  });

  test('zero, negative, fractional and worded durations are not durations', () => {
    for (const text of ['0s', '-5s', '1.5h', 'soon', '1 minute']) expect(parseDuration(text)).toBeUndefined();
  });
});

describe('parseSize', () => {
  test.each([
    ['2mb', 2 * 1024 * 1024],
    ['512kb', 512 * 1024],
    ['1048576', 1048576],
    ['1GB', 1024 ** 3],
    ['0', undefined],
    ['-1kb', undefined],
    ['2 megabytes', undefined],
  ])('%s → %p', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });
});
