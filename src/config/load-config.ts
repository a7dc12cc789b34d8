import type { Config } from './config.type';
import { ConfigError } from './config-error';
import { readSettings } from './read-settings';
import { IMPORT_LINE_LIMIT } from './settings/commands';
import { DATABASE_READ_YOUR_WRITES, DATABASE_URL, SEARCH_TIME_LIMIT_MS, SQLITE_PAGE_SIZE, withDatabaseSwitches } from './settings/database';
import {
  ENGINE_MEMORY_MB,
  ENGINE_NICE,
  ENGINE_QUEUE_LIMIT,
  ENGINE_QUEUE_WORKSPACE_LIMIT,
  ENGINE_THREADS,
  ENGINE_TIME_LIMIT_MS,
  ENGINE_VALIDATION_TIME_LIMIT_MS,
  ENGINE_WORKSPACE_THREADS,
  HEAP_GROWTH_PERCENT,
} from './settings/engine';
import {
  BODY_LIMIT,
  ENTRY_META_LIMIT,
  ENTRY_PARTS_LIMIT,
  ENTRY_REFS_LIMIT,
  ENTRY_SEARCH_TERMS_LIMIT,
  JSON_PATCH_MAX_WORK,
  PAGE_DATA_BUDGET,
} from './settings/entries';
import {
  ENTRY_FILES_LIMIT,
  FILE_LINK_LIFETIME,
  FILE_LINK_SECRET,
  FILE_SIZE_LIMIT,
  FILE_VERSIONS_LIMIT,
  SPOOL_ITEMS_LIMIT,
  SPOOL_LIFETIME,
} from './settings/files';
import {
  GRAPHQL_BATCHING,
  GRAPHQL_EXPLORER,
  GRAPHQL_INTROSPECTION,
  GRAPHQL_JIT,
  GRAPHQL_MAX_COMPLEXITY,
  GRAPHQL_MAX_DEPTH,
} from './settings/graphql';
import { EINVOICE_ARTEFACTS_DIR } from './settings/formats';
import { CONSOLE, CORS_ORIGINS, DATA_DIR, HOST, LOG_LEVEL, METRICS_TOKEN, PORT, PUBLIC_BASE_URL } from './settings/server';
import { SIGNING_KEY, SIGNING_TRUSTED_KEYS } from './settings/signing';
import {
  JWT_AUDIENCE,
  JWT_ISSUER,
  JWT_JWKS_CACHE_AGE,
  JWT_JWKS_URL,
  JWT_MAX_LIFETIME,
  JWT_PUBLIC_KEY,
  JWT_SECRET,
  JWT_WORKSPACE_CLAIM,
  oneTokenKeyProblem,
} from './settings/tokens';
import {
  EVENT_RETENTION_DAYS,
  WEBHOOK_ALLOW_HTTP,
  WEBHOOK_ALLOW_PRIVATE,
  WEBHOOK_CONCURRENCY,
  WEBHOOK_LEASE_MS,
  WEBHOOK_POLL_MS,
  WEBHOOK_RETRY_SCALE,
  WEBHOOK_WORKSPACE_CONCURRENCY,
} from './settings/webhooks';
import { JOB_CONCURRENCY, JOB_POLL_MS, JOB_STEP_TIME_LIMIT_MS, JOB_WORKSPACE_CONCURRENCY } from './settings/jobs';
import { WORKSPACE_REQUEST_BURST, WORKSPACE_REQUEST_RATE, WORKSPACE_REQUEST_WAIT_MS } from './settings/request-rates';

const DAY_MS = 86_400_000;

/** Reads and checks the environment against the declared settings; throws a ConfigError that names every bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { get, isSet, problems } = readSettings(env);
  const config: Config = {
    port: get(PORT),
    host: get(HOST),
    dataDir: get(DATA_DIR),
    database: withDatabaseSwitches(get(DATABASE_URL), get(SQLITE_PAGE_SIZE), get(DATABASE_READ_YOUR_WRITES)),
    jwt: {
      secret: get(JWT_SECRET),
      publicKey: get(JWT_PUBLIC_KEY),
      jwksUrl: get(JWT_JWKS_URL),
      issuer: get(JWT_ISSUER),
      audience: get(JWT_AUDIENCE),
      workspaceClaim: get(JWT_WORKSPACE_CLAIM),
      maxLifetimeSeconds: Math.floor(get(JWT_MAX_LIFETIME) / 1000),
      jwksCacheMs: get(JWT_JWKS_CACHE_AGE),
    },
    bodyLimit: get(BODY_LIMIT),
    requestRates: {
      perSecond: get(WORKSPACE_REQUEST_RATE),
      burst: get(WORKSPACE_REQUEST_BURST),
      maxWaitMs: get(WORKSPACE_REQUEST_WAIT_MS),
    },
    fileSizeLimit: get(FILE_SIZE_LIMIT),
    einvoiceArtefactsDir: get(EINVOICE_ARTEFACTS_DIR),
    importLineLimit: get(IMPORT_LINE_LIMIT),
    publicBaseUrl: get(PUBLIC_BASE_URL),
    fileLinks: { secret: get(FILE_LINK_SECRET), lifetimeMs: get(FILE_LINK_LIFETIME) },
    spoolLifetimeMs: get(SPOOL_LIFETIME),
    eventRetentionMs: get(EVENT_RETENTION_DAYS) * DAY_MS,
    spoolItemsLimit: get(SPOOL_ITEMS_LIMIT),
    entryFilesLimit: get(ENTRY_FILES_LIMIT),
    fileVersionsLimit: get(FILE_VERSIONS_LIMIT),
    jsonPatchMaxWork: get(JSON_PATCH_MAX_WORK),
    pageDataBudget: get(PAGE_DATA_BUDGET),
    searchTimeLimitMs: get(SEARCH_TIME_LIMIT_MS),
    entryLimits: {
      metaRows: get(ENTRY_META_LIMIT),
      searchTerms: get(ENTRY_SEARCH_TERMS_LIMIT),
      refs: get(ENTRY_REFS_LIMIT),
      parts: get(ENTRY_PARTS_LIMIT),
    },
    signingKey: get(SIGNING_KEY),
    signingTrustedKeys: get(SIGNING_TRUSTED_KEYS),
    graphql: { explorer: get(GRAPHQL_EXPLORER), introspection: get(GRAPHQL_INTROSPECTION), jit: get(GRAPHQL_JIT) },
    console: get(CONSOLE),
    corsOrigins: get(CORS_ORIGINS),
    metricsToken: get(METRICS_TOKEN),
    graphqlLimits: { maxDepth: get(GRAPHQL_MAX_DEPTH), maxComplexity: get(GRAPHQL_MAX_COMPLEXITY), batching: get(GRAPHQL_BATCHING) },
    engine: {
      threads: get(ENGINE_THREADS),
      timeLimitMs: get(ENGINE_TIME_LIMIT_MS),
      validationTimeLimitMs: get(ENGINE_VALIDATION_TIME_LIMIT_MS),
      memoryMb: get(ENGINE_MEMORY_MB),
      nice: get(ENGINE_NICE),
      workspaceThreads: get(ENGINE_WORKSPACE_THREADS),
    },
    heapGrowthPercent: get(HEAP_GROWTH_PERCENT),
    engineQueue: { limit: get(ENGINE_QUEUE_LIMIT), workspaceLimit: get(ENGINE_QUEUE_WORKSPACE_LIMIT) },
    webhooks: {
      allowHttp: get(WEBHOOK_ALLOW_HTTP),
      allowPrivate: get(WEBHOOK_ALLOW_PRIVATE),
      pollMs: get(WEBHOOK_POLL_MS),
      concurrency: get(WEBHOOK_CONCURRENCY),
      workspaceConcurrency: get(WEBHOOK_WORKSPACE_CONCURRENCY),
      retryScale: get(WEBHOOK_RETRY_SCALE),
      leaseMs: get(WEBHOOK_LEASE_MS),
    },
    jobs: {
      pollMs: get(JOB_POLL_MS),
      concurrency: get(JOB_CONCURRENCY),
      perWorkspace: get(JOB_WORKSPACE_CONCURRENCY),
      stepTimeMs: get(JOB_STEP_TIME_LIMIT_MS),
    },
    logLevel: get(LOG_LEVEL),
  };
  const found = [...problems(), oneTokenKeyProblem(isSet)].filter((p): p is string => p !== undefined);
  if (found.length > 0) throw new ConfigError(found);
  return config;
}
