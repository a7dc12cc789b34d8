import path from 'node:path';
import { ConfigError, loadConfig, parseSize } from '../src/config';

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
    expect(config.jwt).toEqual({ workspaceClaim: 'workspace_id' });
    expect(config.graphql).toEqual({ explorer: 'graphiql', introspection: true, jit: true });
    expect(config.corsOrigins).toEqual([]);
    expect(config.metricsToken).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  test('NODE_ENV=production does not switch the explorer or introspection off', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphql).toEqual({ explorer: 'graphiql', introspection: true, jit: true });
    expect(loadConfig({ GRAPHQL_EXPLORER: 'off', GRAPHQL_INTROSPECTION: 'false', GRAPHQL_JIT: 'false' }).graphql).toEqual({
      explorer: 'off',
      introspection: false,
      jit: false,
    });
  });

  test.each([
    [{ GRAPHQL_EXPLORER: 'sandbox' }, 'sandbox'],
    [{ GRAPHQL_EXPLORER: 'GraphiQL' }, 'graphiql'],
    [{ GRAPHQL_SANDBOX: 'false' }, 'off'],
    [{ GRAPHQL_SANDBOX: 'true' }, 'sandbox'],
    [{ GRAPHQL_SANDBOX: 'true', GRAPHQL_EXPLORER: 'sandbox' }, 'sandbox'],
  ])('%p chooses the explorer %s (GRAPHQL_SANDBOX is the older switch)', (env, explorer) => {
    expect(loadConfig(env).graphql.explorer).toBe(explorer);
  });

  test.each([
    ['*', '*'],
    ['https://app.example.com', ['https://app.example.com']],
    [' https://a.example , http://localhost:5173 ', ['https://a.example', 'http://localhost:5173']],
  ])('CORS_ORIGINS=%p allows %p', (text, origins) => {
    expect(loadConfig({ CORS_ORIGINS: text }).corsOrigins).toEqual(origins);
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
    [{ GRAPHQL_EXPLORER: 'playground' }, 'GRAPHQL_EXPLORER'],
    [{ GRAPHQL_EXPLORER: 'graphiql', GRAPHQL_SANDBOX: 'true' }, 'GRAPHQL_SANDBOX=true contradicts'],
    [{ GRAPHQL_JIT: 'fast' }, 'GRAPHQL_JIT'],
    [{ CORS_ORIGINS: 'https://app.example.com/' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example,*' }, 'CORS_ORIGINS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('%p is refused with a message naming %s', (env, name) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  test('every bad value is reported at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y', BODY_LIMIT: 'z' })).toHaveLength(3);
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
