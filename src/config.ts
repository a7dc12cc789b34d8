import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readTrustedKeys, type PublicJwk } from './signing/trusted-keys';
import { DEFAULT_PAGE_DATA_BUDGET } from './domain/data-budget';
import { DEFAULT_ENTRY_LIMITS, MAX_INDEXED_TERMS, type EntryLimits } from './domain/entry-limits';
import { defaultImportLineLimit } from './domain/import-lines';

/** Everything the service reads from its environment, checked once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * MySQL/MariaDB: `url` names the first host; `hosts` lists every host of DATABASE_URL in order (several for
   * a multi-primary cluster: the service writes through one at a time and moves to the next when it fails).
   */
  database: { type: 'sqlite'; file: string; pageSize?: number } | { type: 'mysql'; url: string; hosts: DatabaseHost[]; readYourWrites?: boolean };
  jwt: {
    secret?: string;
    publicKey?: string;
    jwksUrl?: string;
    issuer?: string;
    audience?: string;
    workspaceClaim: string;
    /** JWT_MAX_LIFETIME: the longest a token of JWT_SECRET, JWT_PUBLIC_KEY or JWT_JWKS_URL may be valid for (exp - iat). */
    maxLifetimeSeconds: number;
    /** JWT_JWKS_CACHE_AGE: how long a fetched JWKS is used before it is fetched again. */
    jwksCacheMs: number;
  };
  bodyLimit: number;
  /** FILE_SIZE_LIMIT: largest file an entry takes (default 25 MiB); a larger upload is 413 before it is buffered. */
  fileSizeLimit: number;
  /** IMPORT_LINE_LIMIT: longest line `npm run import` reads (default from the bounds: domain/import-lines.ts); a longer one is refused unread. */
  importLineLimit: number;
  /** PUBLIC_BASE_URL: the service's address as clients reach it (`https://files.example.com`), for files' absolute `url`; else the request's own. */
  publicBaseUrl?: string;
  /** FILE_LINK_SECRET (else a secret kept in DATA_DIR) signs files' links; FILE_LINK_LIFETIME (default 1h) is how long one works. */
  fileLinks: { secret?: string; lifetimeMs: number };
  /** SPOOL_LIFETIME: how long a spooled temporary file lives (default 1 day); then it is gone. */
  spoolLifetimeMs: number;
  /** EVENT_RETENTION_DAYS: how long events are kept in the feed (default 30 days); an older cursor is 410. */
  eventRetentionMs: number;
  /** SPOOL_ITEMS_LIMIT: most live spooled files a workspace may hold (default 1000); past it an upload is 413. */
  spoolItemsLimit: number;
  /** ENTRY_FILES_LIMIT: most files an entry has (default 1000); a new file past it is 422. */
  entryFilesLimit: number;
  /** FILE_VERSIONS_LIMIT: most earlier versions a file keeps (default 100); past it the oldest goes, with its content. */
  fileVersionsLimit: number;
  /** JSON_PATCH_MAX_WORK: most bytes of JSON the operations of one JSON patch may touch. */
  jsonPatchMaxWork: number;
  /** PAGE_DATA_BUDGET: stored bytes of `data` one request may read (default 16 MiB). */
  pageDataBudget: number;
  /** SEARCH_TIME_LIMIT_MS: longest a search may keep MySQL/MariaDB busy (default 2000); past it, 400 naming `q`. */
  searchTimeLimitMs: number;
  /** ENTRY_META_LIMIT (default 1000), ENTRY_SEARCH_TERMS_LIMIT (default 10000), ENTRY_REFS_LIMIT (default 10000), ENTRY_PARTS_LIMIT (default 8mb): see entry-limits.ts. */
  entryLimits: EntryLimits;
  signingKey?: string;
  /** SIGNING_TRUSTED_KEYS: other parties' public keys whose envelope signatures are accepted. */
  signingTrustedKeys: PublicJwk[];
  /** GRAPHQL_EXPLORER (default graphiql), GRAPHQL_INTROSPECTION (default true), GRAPHQL_JIT (default true). */
  graphql: { explorer: GraphQLExplorer; introspection: boolean; jit: boolean };
  /** CONSOLE (default on): the console for people at /console; `off` answers 404 there. */
  console: boolean;
  /** CORS_ORIGINS: the browser origins allowed to call the APIs; `*` allows any (development); none by default. */
  corsOrigins: string[] | '*';
  /** METRICS_TOKEN: when set, GET /metrics wants it as a bearer token. */
  metricsToken?: string;
  /** GRAPHQL_MAX_DEPTH (default 8), GRAPHQL_MAX_COMPLEXITY (default 10000), GRAPHQL_BATCHING (default false). */
  graphqlLimits: { maxDepth: number; maxComplexity: number; batching: boolean };
  /**
   * ENGINE_THREADS (default: the cores; 0 runs documents on the HTTP thread, with no time limit, for
   * comparison only), ENGINE_TIME_LIMIT_MS (default 10000), ENGINE_MEMORY_MB (default 512), ENGINE_WORKSPACE_THREADS
   * (default half the threads, at least 1): most threads one workspace's jobs hold at once.
   */
  engine: { threads: number; timeLimitMs: number; memoryMb: number; nice: number; workspaceThreads: number };
  /**
   * HEAP_GROWTH_PERCENT (default 50; 0 leaves it to V8): how far past what a full collection kept any thread's
   * heap may grow before the next one (src/heap-growth.ts).
   */
  heapGrowthPercent: number;
  /** ENGINE_QUEUE_LIMIT (default 1000), ENGINE_QUEUE_WORKSPACE_LIMIT (default 250, at most the first): jobs waiting for a thread. */
  engineQueue: { limit: number; workspaceLimit: number };
  /**
   * WEBHOOK_ALLOW_HTTP (default false): endpoints may be plain http, not only https. WEBHOOK_ALLOW_PRIVATE
   * (default false): endpoints may be on loopback, private, link-local or other internal addresses.
   * WEBHOOK_POLL_MS (default 500): how often each process looks for due endpoints. WEBHOOK_CONCURRENCY (default
   * 32): deliveries one process makes at once; WEBHOOK_WORKSPACE_CONCURRENCY (default 4): of them, for one
   * workspace's endpoints. WEBHOOK_RETRY_SCALE (default 1): a factor on every delay of the retry schedule, giving
   * up and disabling (tests shorten the three days to seconds). WEBHOOK_LEASE_MS (default 60000): how long an
   * endpoint stays claimed by a process that no longer reports on it (one that died), before another takes it
   * over; keep it above the 10 s an attempt may take, or two processes may serve one endpoint at once.
   */
  webhooks: { allowHttp: boolean; allowPrivate: boolean; pollMs: number; concurrency: number; workspaceConcurrency: number; retryScale: number; leaseMs: number };
  logLevel: string;
}

/** What a browser gets at GET /graphql: GraphiQL served from the service, Apollo Sandbox (loaded from Apollo's CDN), or nothing. */
export const GRAPHQL_EXPLORERS = ['graphiql', 'sandbox', 'off'] as const;
export type GraphQLExplorer = (typeof GRAPHQL_EXPLORERS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A size setting (see parseSize), its fallback when unset; a bad value is a problem naming it. */
function parseSizeSetting(name: string, text: string | undefined, fallback: number, problems: string[]): number {
  if (text === undefined) return fallback;
  const bytes = parseSize(text);
  if (bytes === undefined) problems.push(`${name} must be a size such as 8mb, 512kb or 1048576, got "${text}"`);
  return bytes ?? fallback;
}

/** "2mb", "512kb" or a plain number of bytes. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!match) return undefined;
  const bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? 'b').toLowerCase()];
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** "24h", "90s", "500ms" or a plain number of seconds, in milliseconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*(ms|s|m|h|d)?$/i.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * DURATION_UNITS[(match[2] ?? 's').toLowerCase()];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

function parseDurationSetting(name: string, text: string | undefined, fallbackMs: number, problems: string[]): number {
  if (text === undefined) return fallbackMs;
  const ms = parseDuration(text);
  if (ms !== undefined) return ms;
  problems.push(`${name} must be a duration such as 24h, 30m, 60s or 500ms, got "${text}"`);
  return fallbackMs;
}

function parseBoolean(name: string, text: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (text === undefined || text === '') return fallback;
  if (['true', '1', 'yes'].includes(text.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(text.toLowerCase())) return false;
  problems.push(`${name} must be true or false, got "${text}"`);
  return fallback;
}

/** A switch: `on` or `off` (also true/false, 1/0, yes/no). */
function parseSwitch(name: string, text: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (text === undefined) return fallback;
  if (text.toLowerCase() === 'on') return true;
  if (text.toLowerCase() === 'off') return false;
  const problemsBefore = problems.length;
  const value = parseBoolean(name, text, fallback, problems);
  if (problems.length > problemsBefore) problems[problems.length - 1] = `${name} must be on or off, got "${text}"`;
  return value;
}

function parsePositiveInteger(name: string, text: string | undefined, fallback: number, problems: string[]): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value > 0) return value;
  problems.push(`${name} must be a positive whole number, got "${text}"`);
  return fallback;
}

export interface DatabaseHost {
  host: string;
  port: number;
}

/** `mysql://user:pass@h1:3311,h2:3312/db?opts`: the URL with the first host, and every host in order. */
function parseMysqlUrl(url: string): { url: string; hosts: DatabaseHost[] } | undefined {
  const match = /^mysql:\/\/(?:([^@/]*)@)?([^/?#]+)(.*)$/.exec(url);
  if (!match) return undefined;
  const [, userInfo, hostList, rest] = match;
  const hosts: DatabaseHost[] = [];
  for (const part of hostList.split(',')) {
    try {
      const one = new URL(`mysql://${part}`);
      if (!one.hostname || one.pathname || one.username) return undefined;
      hosts.push({ host: one.hostname.replace(/^\[|\]$/g, ''), port: one.port ? Number(one.port) : 3306 });
    } catch {
      return undefined;
    }
  }
  const first = `mysql://${userInfo !== undefined ? `${userInfo}@` : ''}${hostList.split(',')[0]}${rest}`;
  try {
    new URL(first);
  } catch {
    return undefined;
  }
  return { url: first, hosts };
}

/** On a Galera cluster, reads wait until the node has applied every write the cluster acknowledged before them. */
function withReadYourWrites(database: Config['database'], readYourWrites: boolean): Config['database'] {
  return database.type === 'mysql' && !readYourWrites ? { ...database, readYourWrites } : database;
}

/** SQLITE_PAGE_SIZE: the page size of a new SQLite database, a power of two from 512 to 65536 (default: the storage's). */
function withSqlitePageSize(database: Config['database'], text: string | undefined, problems: string[]): Config['database'] {
  const pageSize = parsePositiveInteger('SQLITE_PAGE_SIZE', text, 0, problems);
  if (pageSize === 0) return database; // unset, or not a whole number (said above)
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    problems.push(`SQLITE_PAGE_SIZE must be a power of two from 512 to 65536, got "${text}"`);
    return database;
  }
  return database.type === 'sqlite' ? { ...database, pageSize } : database;
}

function parseDatabase(url: string | undefined, dataDir: string, problems: string[]): Config['database'] {
  if (!url) return { type: 'sqlite', file: path.join(dataDir, 'entries.sqlite') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file) return { type: 'sqlite', file: path.resolve(file) };
  } else if (/^(mysql|mariadb):\/\//.test(url)) {
    const parsed = parseMysqlUrl(url.replace(/^mariadb:/, 'mysql:'));
    if (parsed) return { type: 'mysql', ...parsed };
  }
  problems.push('DATABASE_URL must be mysql://user:password@host:port[,host:port...]/database or sqlite:PATH');
  return { type: 'sqlite', file: path.join(dataDir, 'entries.sqlite') };
}

/** `*`, or a comma list of origins such as `https://app.example.com,http://localhost:5173` (scheme, host, port; no path). */
function parseCorsOrigins(text: string | undefined, problems: string[]): Config['corsOrigins'] {
  if (text === undefined) return [];
  if (text === '*') return '*';
  const origins = text.split(',').map((o) => o.trim()).filter(Boolean);
  for (const origin of origins) {
    let normalized: string | undefined;
    try {
      normalized = new URL(origin).origin;
    } catch {
      // reported below
    }
    if (normalized !== origin) problems.push(`CORS_ORIGINS must be * or a comma list of origins such as https://app.example.com (no path, no trailing slash), got "${origin}"`);
  }
  return origins;
}

/** ENGINE_WORKSPACE_THREADS' default: half the threads, at least one, so one tenant never holds them all when there are two or more. */
export const workspaceThreadsOf = (threads: number) => Math.max(1, Math.floor(threads / 2));

/** ENGINE_QUEUE_LIMIT's and ENGINE_QUEUE_WORKSPACE_LIMIT's defaults: jobs waiting for an engine thread. */
export const ENGINE_QUEUE_DEFAULTS = { limit: 1000, workspaceLimit: 250 };

/** The engine queue's bounds; a workspace's share defaults to 250 jobs, or the whole queue when that is smaller. */
function parseEngineQueue(limitText: string | undefined, workspaceText: string | undefined, problems: string[]): Config['engineQueue'] {
  const limit = parsePositiveInteger('ENGINE_QUEUE_LIMIT', limitText, ENGINE_QUEUE_DEFAULTS.limit, problems);
  const workspaceLimit = parsePositiveInteger('ENGINE_QUEUE_WORKSPACE_LIMIT', workspaceText, Math.min(ENGINE_QUEUE_DEFAULTS.workspaceLimit, limit), problems);
  if (workspaceLimit > limit) problems.push(`ENGINE_QUEUE_WORKSPACE_LIMIT must be at most ENGINE_QUEUE_LIMIT (${limit}), got "${workspaceText}"`);
  return { limit, workspaceLimit };
}

/**
 * GRAPHQL_EXPLORER names the page; GRAPHQL_SANDBOX, its older switch, is still read: `false` is `off`, `true` is
 * `sandbox`. Both set and disagreeing is a mistake worth stopping for.
 */
function parseExplorer(explorerText: string | undefined, sandboxText: string | undefined, problems: string[]): GraphQLExplorer {
  const sandbox = sandboxText === undefined ? undefined : parseBoolean('GRAPHQL_SANDBOX', sandboxText, true, problems);
  const fromSandbox: GraphQLExplorer | undefined = sandbox === undefined ? undefined : sandbox ? 'sandbox' : 'off';
  if (explorerText === undefined) return fromSandbox ?? 'graphiql';
  const explorer = explorerText.toLowerCase() as GraphQLExplorer;
  if (!GRAPHQL_EXPLORERS.includes(explorer)) {
    problems.push(`GRAPHQL_EXPLORER must be one of ${GRAPHQL_EXPLORERS.join(', ')}, got "${explorerText}"`);
    return 'graphiql';
  }
  if (fromSandbox && fromSandbox !== explorer) problems.push(`GRAPHQL_SANDBOX=${sandboxText} contradicts GRAPHQL_EXPLORER=${explorerText}: set GRAPHQL_EXPLORER only`);
  return explorer;
}

/** An http(s) address without query or fragment, as files' links start (a path prefix is kept, a final slash dropped). */
function parsePublicBaseUrl(text: string | undefined, problems: string[]): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (url && /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username && !url.password) return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  problems.push(`PUBLIC_BASE_URL must be an http(s) address such as https://files.example.com (no query), got "${text}"`);
  return undefined;
}

/** Reads and checks the environment; throws a ConfigError that names every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const text = env[name];
    return text === undefined || text.trim() === '' ? undefined : text.trim();
  };

  const portText = value('PORT') ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) problems.push(`PORT must be a port number from 0 to 65535, got "${portText}"`);

  const dataDir = path.resolve(value('DATA_DIR') ?? './data');
  const bodyLimitText = value('BODY_LIMIT') ?? '2mb';
  const bodyLimit = parseSize(bodyLimitText);
  if (bodyLimit === undefined) problems.push(`BODY_LIMIT must be a size such as 2mb, 512kb or 1048576, got "${bodyLimitText}"`);
  const fileSizeLimitText = value('FILE_SIZE_LIMIT') ?? '25mb';
  const fileSizeLimit = parseSize(fileSizeLimitText);
  if (fileSizeLimit === undefined) problems.push(`FILE_SIZE_LIMIT must be a size such as 25mb, 512kb or 1048576, got "${fileSizeLimitText}"`);
  const patchWorkText = value('JSON_PATCH_MAX_WORK') ?? '16mb';
  const jsonPatchMaxWork = parseSize(patchWorkText);
  if (jsonPatchMaxWork === undefined) problems.push(`JSON_PATCH_MAX_WORK must be a size such as 16mb, 512kb or 1048576, got "${patchWorkText}"`);

  const pageDataBudgetText = value('PAGE_DATA_BUDGET');
  const pageDataBudget = pageDataBudgetText === undefined ? DEFAULT_PAGE_DATA_BUDGET : parseSize(pageDataBudgetText);
  if (pageDataBudget === undefined) problems.push(`PAGE_DATA_BUDGET must be a size such as 16mb, 512kb or 1048576, got "${pageDataBudgetText}"`);

  const jwksUrl = value('JWT_JWKS_URL');
  if (jwksUrl && !/^https?:\/\//.test(jwksUrl)) problems.push('JWT_JWKS_URL must be an http(s) address');
  const publicKey = value('JWT_PUBLIC_KEY')?.replace(/\\n/g, '\n');
  if (publicKey && !publicKey.includes('-----BEGIN PUBLIC KEY-----')) problems.push('JWT_PUBLIC_KEY must be a PEM public key (-----BEGIN PUBLIC KEY-----)');
  const secret = value('JWT_SECRET');
  if (secret && Buffer.byteLength(secret) < 32) problems.push('JWT_SECRET must be at least 32 bytes long');
  if ([secret, publicKey, jwksUrl].filter(Boolean).length > 1) problems.push('set only one of JWT_SECRET, JWT_PUBLIC_KEY and JWT_JWKS_URL');

  const logLevel = (value('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const workspaceClaim = value('JWT_WORKSPACE_CLAIM') ?? 'workspace_id';
  const maxLifetimeMs = parseDurationSetting('JWT_MAX_LIFETIME', value('JWT_MAX_LIFETIME'), 24 * 3_600_000, problems);
  if (maxLifetimeMs < 1000) problems.push('JWT_MAX_LIFETIME must be at least one second');
  const jwksCacheMs = parseDurationSetting('JWT_JWKS_CACHE_AGE', value('JWT_JWKS_CACHE_AGE'), 60_000, problems);
  const fileLinkSecret = value('FILE_LINK_SECRET');
  if (fileLinkSecret && Buffer.byteLength(fileLinkSecret) < 32) problems.push('FILE_LINK_SECRET must be at least 32 bytes long');
  const fileLinkLifetimeMs = parseDurationSetting('FILE_LINK_LIFETIME', value('FILE_LINK_LIFETIME'), 3_600_000, problems);
  if (fileLinkLifetimeMs < 1000) problems.push('FILE_LINK_LIFETIME must be at least one second');
  const trustedKeysText = value('SIGNING_TRUSTED_KEYS');
  const trusted = trustedKeysText === undefined ? { keys: [], problems: [] } : readTrustedKeys(trustedKeysText);
  problems.push(...trusted.problems);
  const engineThreads = value('ENGINE_THREADS') === '0' ? 0 : parsePositiveInteger('ENGINE_THREADS', value('ENGINE_THREADS'), availableParallelism(), problems);
  const config: Config = {
    port,
    host: value('HOST') ?? '0.0.0.0',
    dataDir,
    searchTimeLimitMs: parsePositiveInteger('SEARCH_TIME_LIMIT_MS', value('SEARCH_TIME_LIMIT_MS'), 2000, problems),
    entryLimits: {
      metaRows: parsePositiveInteger('ENTRY_META_LIMIT', value('ENTRY_META_LIMIT'), DEFAULT_ENTRY_LIMITS.metaRows, problems),
      searchTerms: parsePositiveInteger('ENTRY_SEARCH_TERMS_LIMIT', value('ENTRY_SEARCH_TERMS_LIMIT'), DEFAULT_ENTRY_LIMITS.searchTerms, problems),
      refs: parsePositiveInteger('ENTRY_REFS_LIMIT', value('ENTRY_REFS_LIMIT'), DEFAULT_ENTRY_LIMITS.refs, problems),
      // Unset, it is never over the budget: an entry must fit one request's budget to be read.
      parts: parseSizeSetting('ENTRY_PARTS_LIMIT', value('ENTRY_PARTS_LIMIT'), Math.min(DEFAULT_ENTRY_LIMITS.parts, pageDataBudget ?? DEFAULT_PAGE_DATA_BUDGET), problems),
    },
    database: withSqlitePageSize(
      withReadYourWrites(parseDatabase(value('DATABASE_URL'), dataDir, problems), parseBoolean('DATABASE_READ_YOUR_WRITES', value('DATABASE_READ_YOUR_WRITES'), true, problems)),
      value('SQLITE_PAGE_SIZE'),
      problems,
    ),
    jwt: {
      secret,
      publicKey,
      jwksUrl,
      issuer: value('JWT_ISSUER'),
      audience: value('JWT_AUDIENCE'),
      workspaceClaim,
      maxLifetimeSeconds: Math.floor(maxLifetimeMs / 1000),
      jwksCacheMs,
    },
    bodyLimit: bodyLimit ?? 2 * 1024 ** 2,
    fileSizeLimit: fileSizeLimit ?? 25 * 1024 ** 2,
    importLineLimit: parseSizeSetting(
      'IMPORT_LINE_LIMIT',
      value('IMPORT_LINE_LIMIT'),
      defaultImportLineLimit({ bodyLimit: bodyLimit ?? 2 * 1024 ** 2, fileSizeLimit: fileSizeLimit ?? 25 * 1024 ** 2, partsLimit: DEFAULT_ENTRY_LIMITS.parts }),
      problems,
    ),
    publicBaseUrl: parsePublicBaseUrl(value('PUBLIC_BASE_URL'), problems),
    fileLinks: { secret: fileLinkSecret, lifetimeMs: fileLinkLifetimeMs },
    spoolLifetimeMs: parseDurationSetting('SPOOL_LIFETIME', value('SPOOL_LIFETIME'), 86_400_000, problems),
    eventRetentionMs: parsePositiveInteger('EVENT_RETENTION_DAYS', value('EVENT_RETENTION_DAYS'), 30, problems) * 86_400_000,
    spoolItemsLimit: parsePositiveInteger('SPOOL_ITEMS_LIMIT', value('SPOOL_ITEMS_LIMIT'), 1000, problems),
    entryFilesLimit: parsePositiveInteger('ENTRY_FILES_LIMIT', value('ENTRY_FILES_LIMIT'), 1000, problems),
    fileVersionsLimit: parsePositiveInteger('FILE_VERSIONS_LIMIT', value('FILE_VERSIONS_LIMIT'), 100, problems),
    jsonPatchMaxWork: jsonPatchMaxWork ?? 16 * 1024 ** 2,
    pageDataBudget: pageDataBudget ?? DEFAULT_PAGE_DATA_BUDGET,
    signingKey: value('SIGNING_KEY')?.replace(/\\n/g, '\n'),
    signingTrustedKeys: trusted.keys,
    graphql: {
      explorer: parseExplorer(value('GRAPHQL_EXPLORER'), value('GRAPHQL_SANDBOX'), problems),
      introspection: parseBoolean('GRAPHQL_INTROSPECTION', value('GRAPHQL_INTROSPECTION'), true, problems),
      jit: parseBoolean('GRAPHQL_JIT', value('GRAPHQL_JIT'), true, problems),
    },
    console: parseSwitch('CONSOLE', value('CONSOLE'), true, problems),
    corsOrigins: parseCorsOrigins(value('CORS_ORIGINS'), problems),
    metricsToken: value('METRICS_TOKEN'),
    graphqlLimits: {
      maxDepth: parsePositiveInteger('GRAPHQL_MAX_DEPTH', value('GRAPHQL_MAX_DEPTH'), 8, problems),
      maxComplexity: parsePositiveInteger('GRAPHQL_MAX_COMPLEXITY', value('GRAPHQL_MAX_COMPLEXITY'), 10_000, problems),
      batching: parseBoolean('GRAPHQL_BATCHING', value('GRAPHQL_BATCHING'), false, problems),
    },
    engine: {
      threads: engineThreads,
      timeLimitMs: parsePositiveInteger('ENGINE_TIME_LIMIT_MS', value('ENGINE_TIME_LIMIT_MS'), 10_000, problems),
      memoryMb: parsePositiveInteger('ENGINE_MEMORY_MB', value('ENGINE_MEMORY_MB'), 512, problems),
      nice: value('ENGINE_NICE') === '0' ? 0 : parsePositiveInteger('ENGINE_NICE', value('ENGINE_NICE'), 10, problems),
      workspaceThreads: parsePositiveInteger('ENGINE_WORKSPACE_THREADS', value('ENGINE_WORKSPACE_THREADS'), workspaceThreadsOf(engineThreads), problems),
    },
    heapGrowthPercent: value('HEAP_GROWTH_PERCENT') === '0' ? 0 : parsePositiveInteger('HEAP_GROWTH_PERCENT', value('HEAP_GROWTH_PERCENT'), 50, problems),
    engineQueue: parseEngineQueue(value('ENGINE_QUEUE_LIMIT'), value('ENGINE_QUEUE_WORKSPACE_LIMIT'), problems),
    webhooks: {
      allowHttp: parseBoolean('WEBHOOK_ALLOW_HTTP', value('WEBHOOK_ALLOW_HTTP'), false, problems),
      allowPrivate: parseBoolean('WEBHOOK_ALLOW_PRIVATE', value('WEBHOOK_ALLOW_PRIVATE'), false, problems),
      pollMs: parsePositiveInteger('WEBHOOK_POLL_MS', value('WEBHOOK_POLL_MS'), 500, problems),
      concurrency: parsePositiveInteger('WEBHOOK_CONCURRENCY', value('WEBHOOK_CONCURRENCY'), 32, problems),
      workspaceConcurrency: parsePositiveInteger('WEBHOOK_WORKSPACE_CONCURRENCY', value('WEBHOOK_WORKSPACE_CONCURRENCY'), 4, problems),
      retryScale: parseRetryScale(value('WEBHOOK_RETRY_SCALE'), problems),
      leaseMs: parsePositiveInteger('WEBHOOK_LEASE_MS', value('WEBHOOK_LEASE_MS'), 60_000, problems),
    },
    logLevel,
  };
  if (config.engine.nice > 19) problems.push(`ENGINE_NICE must be from 0 to 19, got "${config.engine.nice}"`);
  if (config.entryLimits.searchTerms > MAX_INDEXED_TERMS) problems.push(`ENTRY_SEARCH_TERMS_LIMIT must be at most ${MAX_INDEXED_TERMS}, got "${config.entryLimits.searchTerms}"`);
  if (config.entryLimits.parts > config.pageDataBudget) {
    problems.push(`ENTRY_PARTS_LIMIT (${config.entryLimits.parts} bytes) must be at most PAGE_DATA_BUDGET (${config.pageDataBudget} bytes): an entry must fit one request's budget to be read`);
  }
  if (config.heapGrowthPercent > 300) problems.push(`HEAP_GROWTH_PERCENT must be from 0 to 300, got "${config.heapGrowthPercent}"`);
  if (config.engine.memoryMb < 64) problems.push(`ENGINE_MEMORY_MB must be at least 64, got "${config.engine.memoryMb}"`);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** WEBHOOK_RETRY_SCALE: a factor above 0 and at most 1 on the retry schedule's delays. */
function parseRetryScale(text: string | undefined, problems: string[]): number {
  if (text === undefined || text === '') return 1;
  const scale = Number(text);
  if (Number.isFinite(scale) && scale > 0 && scale <= 1) return scale;
  problems.push(`WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got "${text}"`);
  return 1;
}
