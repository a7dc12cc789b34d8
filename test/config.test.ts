import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
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
    expect(config.pageDataBudget).toBe(16 * 1024 * 1024);
    expect(config.graphql).toEqual({ explorer: 'graphiql', introspection: true, jit: true });
    expect(config.corsOrigins).toEqual([]);
    expect(config.console).toBe(true);
    expect(config.metricsToken).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.engine).toEqual({
      threads: availableParallelism(),
      timeLimitMs: 10_000,
      validationTimeLimitMs: 30_000,
      memoryMb: 512,
      nice: 10,
      workspaceThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
    });
    expect(config.heapGrowthPercent).toBe(50);
  });

  test('SQLITE_PAGE_SIZE: the page size of a new SQLite database, a power of two; nothing set leaves the storage its own', () => {
    expect(loadConfig({ SQLITE_PAGE_SIZE: '4096' }).database).toEqual({ type: 'sqlite', file: expect.any(String), pageSize: 4096 });
    expect(loadConfig({}).database).not.toHaveProperty('pageSize');
    expect(loadConfig({ SQLITE_PAGE_SIZE: '4096', DATABASE_URL: 'mysql://root@127.0.0.1:3306/test' }).database).not.toHaveProperty(
      'pageSize',
    );
  });

  test('HEAP_GROWTH_PERCENT: 0 leaves the growth to V8, a figure up to 300 is taken', () => {
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '300' }).heapGrowthPercent).toBe(300);
  });

  test('ENGINE_THREADS=0 keeps documents on the HTTP thread; the engine limits are read', () => {
    const env = {
      ENGINE_THREADS: '0',
      ENGINE_TIME_LIMIT_MS: '2500',
      ENGINE_VALIDATION_TIME_LIMIT_MS: '9000',
      ENGINE_MEMORY_MB: '256',
      ENGINE_NICE: '0',
    };
    expect(loadConfig(env).engine).toEqual({
      threads: 0,
      timeLimitMs: 2500,
      validationTimeLimitMs: 9000,
      memoryMb: 256,
      nice: 0,
      workspaceThreads: 1,
    });
  });

  test('ENGINE_WORKSPACE_THREADS: half the engine threads by default, at least one; set, it is read; 0 is refused', () => {
    expect(loadConfig({ ENGINE_THREADS: '8' }).engine.workspaceThreads).toBe(4);
    expect(loadConfig({ ENGINE_THREADS: '3' }).engine.workspaceThreads).toBe(1);
    expect(loadConfig({ ENGINE_THREADS: '1' }).engine.workspaceThreads).toBe(1);
    expect(loadConfig({ ENGINE_THREADS: '8', ENGINE_WORKSPACE_THREADS: '8' }).engine.workspaceThreads).toBe(8);
    expect(() => loadConfig({ ENGINE_WORKSPACE_THREADS: '0' })).toThrow(/ENGINE_WORKSPACE_THREADS must be a positive whole number/);
  });

  test("the engine queue's bounds: 1000 jobs, 250 per workspace by default; a share above the whole is refused", () => {
    expect(loadConfig({}).engineQueue).toEqual({ limit: 1000, workspaceLimit: 250 });
    expect(loadConfig({ ENGINE_QUEUE_LIMIT: '100' }).engineQueue).toEqual({ limit: 100, workspaceLimit: 100 });
    expect(loadConfig({ ENGINE_QUEUE_LIMIT: '5000', ENGINE_QUEUE_WORKSPACE_LIMIT: '50' }).engineQueue).toEqual({
      limit: 5000,
      workspaceLimit: 50,
    });
    expect(() => loadConfig({ ENGINE_QUEUE_LIMIT: '0' })).toThrow(/ENGINE_QUEUE_LIMIT must be a positive whole number, got "0"/);
    expect(() => loadConfig({ ENGINE_QUEUE_LIMIT: '10', ENGINE_QUEUE_WORKSPACE_LIMIT: '20' })).toThrow(
      /ENGINE_QUEUE_WORKSPACE_LIMIT must be at most ENGINE_QUEUE_LIMIT \(10\)/,
    );
  });

  test.each([
    ['off', false],
    ['OFF', false],
    ['false', false],
    ['on', true],
    ['true', true],
  ])('CONSOLE=%s turns the console %s', (text, on) => {
    expect(loadConfig({ CONSOLE: text }).console).toBe(on);
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
    ['mysql://root:pw@db:3306/entries', { type: 'mysql', url: 'mysql://root:pw@db:3306/entries', hosts: [{ host: 'db', port: 3306 }] }],
    ['mariadb://root@db/entries', { type: 'mysql', url: 'mysql://root@db/entries', hosts: [{ host: 'db', port: 3306 }] }],
    [
      'mysql://app:s%40cret@h1:3311,h2:3312,h3/entries?connectTimeout=2000',
      {
        type: 'mysql',
        url: 'mysql://app:s%40cret@h1:3311/entries?connectTimeout=2000',
        hosts: [
          { host: 'h1', port: 3311 },
          { host: 'h2', port: 3312 },
          { host: 'h3', port: 3306 },
        ],
      },
    ],
    ['sqlite:/tmp/x.sqlite', { type: 'sqlite', file: '/tmp/x.sqlite' }],
  ])('DATABASE_URL %s', (url, expected) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual(expected);
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BODY_LIMIT: 'lots' }, 'BODY_LIMIT'],
    [{ JSON_PATCH_MAX_WORK: 'plenty' }, 'JSON_PATCH_MAX_WORK'],
    [{ PAGE_DATA_BUDGET: 'plenty' }, 'PAGE_DATA_BUDGET'],
    [{ PAGE_DATA_BUDGET: '0' }, 'PAGE_DATA_BUDGET'],
    [{ DATABASE_URL: 'postgres://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@h1:3311,,h2/entries' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@h1:3311,h2:port/entries' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_PUBLIC_KEY: 'not a pem' }, 'JWT_PUBLIC_KEY'],
    [{ JWT_JWKS_URL: 'ftp://x' }, 'JWT_JWKS_URL'],
    [{ JWT_SECRET: 'x'.repeat(40), JWT_JWKS_URL: 'https://id.example/jwks' }, 'only one'],
    [{ GRAPHQL_SANDBOX: 'maybe' }, 'GRAPHQL_SANDBOX'],
    [{ GRAPHQL_EXPLORER: 'playground' }, 'GRAPHQL_EXPLORER'],
    [{ GRAPHQL_EXPLORER: 'graphiql', GRAPHQL_SANDBOX: 'true' }, 'GRAPHQL_SANDBOX=true contradicts'],
    [{ GRAPHQL_JIT: 'fast' }, 'GRAPHQL_JIT'],
    [{ CONSOLE: 'hidden' }, 'CONSOLE must be on or off'],
    [{ CORS_ORIGINS: 'https://app.example.com/' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://a.example,*' }, 'CORS_ORIGINS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ENGINE_THREADS: '-1' }, 'ENGINE_THREADS'],
    [{ ENGINE_TIME_LIMIT_MS: '0' }, 'ENGINE_TIME_LIMIT_MS'],
    [{ ENGINE_MEMORY_MB: '16' }, 'ENGINE_MEMORY_MB must be at least 64'],
    [{ ENGINE_NICE: '20' }, 'ENGINE_NICE must be from 0 to 19'],
    [{ SQLITE_PAGE_SIZE: '1000' }, 'SQLITE_PAGE_SIZE must be a power of two from 512 to 65536'],
    [{ SQLITE_PAGE_SIZE: '131072' }, 'SQLITE_PAGE_SIZE must be a power of two from 512 to 65536'],
    [{ SQLITE_PAGE_SIZE: '16k' }, 'SQLITE_PAGE_SIZE'],
    [{ HEAP_GROWTH_PERCENT: '301' }, 'HEAP_GROWTH_PERCENT must be from 0 to 300'],
    [{ HEAP_GROWTH_PERCENT: '-5' }, 'HEAP_GROWTH_PERCENT'],
    [{ HEAP_GROWTH_PERCENT: 'half' }, 'HEAP_GROWTH_PERCENT'],
    [{ JWT_MAX_LIFETIME: 'forever' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_MAX_LIFETIME: '0' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_MAX_LIFETIME: '500ms' }, 'JWT_MAX_LIFETIME'],
    [{ JWT_JWKS_CACHE_AGE: '-1' }, 'JWT_JWKS_CACHE_AGE'],
    [{ JWT_JWKS_CACHE_AGE: '1 minute' }, 'JWT_JWKS_CACHE_AGE'],
    [{ FILE_LINK_SECRET: 'short' }, 'FILE_LINK_SECRET'],
    [{ FILE_LINK_LIFETIME: 'a while' }, 'FILE_LINK_LIFETIME'],
    [{ FILE_LINK_LIFETIME: '500ms' }, 'FILE_LINK_LIFETIME'],
    [{ PUBLIC_BASE_URL: 'files.example.com' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'ftp://files.example.com' }, 'PUBLIC_BASE_URL'],
    [{ PUBLIC_BASE_URL: 'https://files.example.com/?a=1' }, 'PUBLIC_BASE_URL'],
    [{ SPOOL_LIFETIME: 'a while' }, 'SPOOL_LIFETIME'],
    [{ SPOOL_ITEMS_LIMIT: '0' }, 'SPOOL_ITEMS_LIMIT'],
    [{ ENTRY_META_LIMIT: '0' }, 'ENTRY_META_LIMIT'],
    [{ ENTRY_SEARCH_TERMS_LIMIT: 'many' }, 'ENTRY_SEARCH_TERMS_LIMIT'],
    [{ ENTRY_SEARCH_TERMS_LIMIT: '50001' }, 'ENTRY_SEARCH_TERMS_LIMIT must be at most 50000'],
    [{ ENTRY_REFS_LIMIT: '1.5' }, 'ENTRY_REFS_LIMIT'],
    [{ ENTRY_PARTS_LIMIT: 'heavy' }, 'ENTRY_PARTS_LIMIT'],
    [{ ENTRY_PARTS_LIMIT: '32mb' }, 'ENTRY_PARTS_LIMIT (33554432 bytes) must be at most PAGE_DATA_BUDGET'],
  ])('%p is refused with a message naming %s', (env, name) => {
    const problems = problemsOf(env as Record<string, string>);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  test('the bounds on an entry: defaults far above real entries, each set on its own', () => {
    expect(loadConfig({}).entryLimits).toEqual({ metaRows: 1000, searchTerms: 10_000, refs: 10_000, parts: 8 * 1024 ** 2 });
    expect(loadConfig({ ENTRY_META_LIMIT: '50', ENTRY_SEARCH_TERMS_LIMIT: '50000', ENTRY_REFS_LIMIT: '20000' }).entryLimits).toEqual({
      metaRows: 50,
      searchTerms: 50_000,
      refs: 20_000,
      parts: 8 * 1024 ** 2,
    });
  });

  test('PAGE_DATA_BUDGET takes a size', () => {
    expect(loadConfig({ PAGE_DATA_BUDGET: '200kb' }).pageDataBudget).toBe(200 * 1024);
    expect(loadConfig({ PAGE_DATA_BUDGET: '1048576' }).pageDataBudget).toBe(1024 * 1024);
  });

  test('ENTRY_FILES_LIMIT and FILE_VERSIONS_LIMIT take positive whole numbers (defaults 1000 and 100)', () => {
    expect(loadConfig({})).toMatchObject({ entryFilesLimit: 1000, fileVersionsLimit: 100 });
    expect(loadConfig({ ENTRY_FILES_LIMIT: '5', FILE_VERSIONS_LIMIT: '2' })).toMatchObject({ entryFilesLimit: 5, fileVersionsLimit: 2 });
    expect(problemsOf({ ENTRY_FILES_LIMIT: '0', FILE_VERSIONS_LIMIT: 'many' })).toEqual([
      expect.stringContaining('ENTRY_FILES_LIMIT'),
      expect.stringContaining('FILE_VERSIONS_LIMIT'),
    ]);
  });

  test('WEBHOOK_LEASE_MS takes a positive whole number (default a minute)', () => {
    expect(loadConfig({}).webhooks.leaseMs).toBe(60_000);
    expect(loadConfig({ WEBHOOK_LEASE_MS: '2000' }).webhooks.leaseMs).toBe(2000);
    expect(problemsOf({ WEBHOOK_LEASE_MS: '0' })).toEqual([expect.stringContaining('WEBHOOK_LEASE_MS')]);
  });

  test('every bad value is reported at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y', BODY_LIMIT: 'z' })).toHaveLength(3);
  });
});

test('file links: FILE_LINK_LIFETIME a duration (default 1h), FILE_LINK_SECRET, PUBLIC_BASE_URL without its final slash', () => {
  expect(loadConfig({}).fileLinks).toEqual({ secret: undefined, lifetimeMs: 3_600_000 });
  expect(loadConfig({}).publicBaseUrl).toBeUndefined();
  const config = loadConfig({
    FILE_LINK_LIFETIME: '15m',
    FILE_LINK_SECRET: 's'.repeat(32),
    PUBLIC_BASE_URL: 'https://files.example.com/api/',
  });
  expect(config.fileLinks).toEqual({ secret: 's'.repeat(32), lifetimeMs: 900_000 });
  expect(config.publicBaseUrl).toBe('https://files.example.com/api');
  expect(loadConfig({ PUBLIC_BASE_URL: 'http://localhost:8080' }).publicBaseUrl).toBe('http://localhost:8080');
});

test('SPOOL_LIFETIME takes a duration (default a day), SPOOL_ITEMS_LIMIT a count (default 1000)', () => {
  expect(loadConfig({})).toMatchObject({ spoolLifetimeMs: 86_400_000, spoolItemsLimit: 1000 });
  expect(loadConfig({ SPOOL_LIFETIME: '2h', SPOOL_ITEMS_LIMIT: '5' })).toMatchObject({ spoolLifetimeMs: 7_200_000, spoolItemsLimit: 5 });
});

test('JWT_MAX_LIFETIME and JWT_JWKS_CACHE_AGE take durations', () => {
  const { jwt } = loadConfig({ JWT_MAX_LIFETIME: '2h', JWT_JWKS_CACHE_AGE: '15s' });
  expect(jwt.maxLifetimeSeconds).toBe(7200);
  expect(jwt.jwksCacheMs).toBe(15_000);
});

describe('parseDuration', () => {
  test('a number with ms, s, m, h or d (seconds without one) reads as milliseconds', () => {
    expect(['24h', '30m', '60', '1s', '250ms', '7d'].map(parseDuration)).toEqual([
      86_400_000,
      1_800_000,
      60_000,
      1000,
      250,
      7 * 86_400_000,
    ]);
  });

  test('zero, negative, fractional and worded durations are not durations', () => {
    for (const text of ['0s', '-5s', '1.5h', 'soon', '1 minute']) expect(parseDuration(text)).toBeUndefined();
  });
});

describe('SIGNING_TRUSTED_KEYS', () => {
  const pair = () => generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicJwk = (kid: string) => ({ ...pair().publicKey.export({ format: 'jwk' }), kid });
  const jwks = (...keys: object[]) => JSON.stringify({ keys });

  test('a JWKS given inline or as a file is read into public ES256 keys', () => {
    const key = publicJwk('partner-1');
    const expected = [{ kty: 'EC', crv: 'P-256', x: key.x, y: key.y, kid: 'partner-1', alg: 'ES256', use: 'sig' }];
    expect(loadConfig({ SIGNING_TRUSTED_KEYS: jwks(key) }).signingTrustedKeys).toEqual(expected);
    const dir = mkdtempSync(path.join(tmpdir(), 'trusted-'));
    try {
      writeFileSync(path.join(dir, 'jwks.json'), jwks(key));
      expect(loadConfig({ SIGNING_TRUSTED_KEYS: path.join(dir, 'jwks.json') }).signingTrustedKeys).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(loadConfig({}).signingTrustedKeys).toEqual([]);
  });

  test.each([
    ['a missing file', () => '/nonexistent/jwks.json', 'cannot read "/nonexistent/jwks.json" (ENOENT)'],
    ['text that is not JSON', () => '{"keys": [', 'not valid JSON'],
    ['an object without keys', () => '{"key": []}', 'an object whose "keys" is a list'],
    ['a key without kid', () => jwks({ ...publicJwk('x'), kid: undefined }), 'key 0: needs a "kid"'],
    [
      'a private key',
      () => jwks({ ...pair().privateKey.export({ format: 'jwk' }), kid: 'mine' }),
      'key 0: "mine" holds a private part ("d")',
    ],
    [
      'an RSA key',
      () => jwks({ ...generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'jwk' }), kid: 'r' }),
      '"r" must be an ES256 key',
    ],
    ['another algorithm', () => jwks({ ...publicJwk('a'), alg: 'ES384' }), 'only ES256'],
    ['a point off the curve', () => jwks({ ...publicJwk('p'), y: publicJwk('q').y }), '"p" is not a valid P-256 public key'],
    ['a kid given twice', () => jwks(publicJwk('twice'), publicJwk('twice')), 'key 1: the kid "twice" is given twice'],
  ])('%s stops the start with a message naming SIGNING_TRUSTED_KEYS', (_name, text, message) => {
    const problems = problemsOf({ SIGNING_TRUSTED_KEYS: text() });
    expect(problems).toEqual([expect.stringContaining('SIGNING_TRUSTED_KEYS')]);
    expect(problems[0]).toContain(message);
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

test('ENTRY_PARTS_LIMIT takes a size (default 8 MiB, or PAGE_DATA_BUDGET when smaller), at most PAGE_DATA_BUDGET', () => {
  expect(loadConfig({}).entryLimits.parts).toBe(8 * 1024 ** 2);
  expect(loadConfig({ PAGE_DATA_BUDGET: '2mb' }).entryLimits.parts).toBe(2 * 1024 ** 2);
  expect(loadConfig({ ENTRY_PARTS_LIMIT: '1mb' }).entryLimits.parts).toBe(1024 ** 2);
  expect(loadConfig({ ENTRY_PARTS_LIMIT: '32mb', PAGE_DATA_BUDGET: '32mb' }).entryLimits.parts).toBe(32 * 1024 ** 2);
});

describe('read from the declaration of the settings', () => {
  test('a blank or spaced-out value is unset and takes the default; values are trimmed', () => {
    expect(loadConfig({ PORT: '  ', BODY_LIMIT: '', LOG_LEVEL: ' debug ' })).toMatchObject({
      port: 8080,
      bodyLimit: 2 * 1024 ** 2,
      logLevel: 'debug',
    });
  });

  test('two token keys are refused even when one of them is bad too', () => {
    expect(problemsOf({ JWT_SECRET: 'short', JWT_JWKS_URL: 'https://id.example/jwks' })).toEqual([
      'JWT_SECRET must be at least 32 bytes long',
      'set only one of JWT_SECRET, JWT_PUBLIC_KEY and JWT_JWKS_URL',
    ]);
  });

  test('problems come in the order of the docs, whatever order the values were read in', () => {
    expect(problemsOf({ WEBHOOK_POLL_MS: 'x', PORT: 'x', ENGINE_NICE: 'x', BODY_LIMIT: 'x' }).map((p) => p.split(' ')[0])).toEqual([
      'PORT',
      'BODY_LIMIT',
      'ENGINE_NICE',
      'WEBHOOK_POLL_MS',
    ]);
  });

  test.each([
    [{ ENGINE_NICE: 'x' }, 'ENGINE_NICE must be a whole number from 0 to 19, got "x"'],
    [{ HEAP_GROWTH_PERCENT: '-5' }, 'HEAP_GROWTH_PERCENT must be a whole number from 0 to 300, got "-5"'],
    [{ ENGINE_THREADS: '-1' }, 'ENGINE_THREADS must be a whole number, got "-1"'],
    [{ WEBHOOK_RETRY_SCALE: '2' }, 'WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got "2"'],
  ])('a refusal says what the setting takes: %p', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });
});
