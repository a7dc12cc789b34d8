import type { RequestRateLimits } from '../domain/runtime';
import type { DatabaseConfig } from './settings/database';
import type { GraphQLExplorer } from './settings/graphql';
import type { PublicJwk } from '../signing/trusted-keys';
import type { EntryLimits } from '../domain/entries/model/entry-limits';

/**
 * Everything the service reads from its environment, checked once at start. Each field names the variables it
 * comes from; what they mean, their defaults and bounds are declared once, in src/config/settings/.
 */
export interface Config {
  /** PORT, HOST, DATA_DIR */
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL, SQLITE_PAGE_SIZE, DATABASE_READ_YOUR_WRITES. MySQL/MariaDB: `url` names the first host; `hosts`
   * lists every host in order (several for a multi-primary cluster).
   */
  database: DatabaseConfig;
  /** JWT_SECRET, JWT_PUBLIC_KEY, JWT_JWKS_URL, JWT_ISSUER, JWT_AUDIENCE, JWT_WORKSPACE_CLAIM, JWT_MAX_LIFETIME, JWT_JWKS_CACHE_AGE */
  jwt: {
    secret?: string;
    publicKey?: string;
    jwksUrl?: string;
    issuer?: string;
    audience?: string;
    workspaceClaim: string;
    maxLifetimeSeconds: number;
    jwksCacheMs: number;
  };
  /** BODY_LIMIT */
  bodyLimit: number;
  /** WORKSPACE_REQUEST_RATE, WORKSPACE_REQUEST_BURST, WORKSPACE_REQUEST_WAIT_MS */
  requestRates: RequestRateLimits;
  /** FILE_SIZE_LIMIT */
  fileSizeLimit: number;
  /** EINVOICE_ARTEFACTS_DIR */
  einvoiceArtefactsDir?: string;
  /** IMPORT_LINE_LIMIT */
  importLineLimit: number;
  /** PUBLIC_BASE_URL */
  publicBaseUrl?: string;
  /** FILE_LINK_SECRET, FILE_LINK_LIFETIME */
  fileLinks: { secret?: string; lifetimeMs: number };
  /** SPOOL_LIFETIME */
  spoolLifetimeMs: number;
  /** EVENT_RETENTION_DAYS */
  eventRetentionMs: number;
  /** SPOOL_ITEMS_LIMIT */
  spoolItemsLimit: number;
  /** ENTRY_FILES_LIMIT */
  entryFilesLimit: number;
  /** FILE_VERSIONS_LIMIT */
  fileVersionsLimit: number;
  /** JSON_PATCH_MAX_WORK */
  jsonPatchMaxWork: number;
  /** PAGE_DATA_BUDGET */
  pageDataBudget: number;
  /** SEARCH_TIME_LIMIT_MS */
  searchTimeLimitMs: number;
  /** ENTRY_META_LIMIT, ENTRY_SEARCH_TERMS_LIMIT, ENTRY_REFS_LIMIT, ENTRY_PARTS_LIMIT */
  entryLimits: EntryLimits;
  /** SIGNING_KEY */
  signingKey?: string;
  /** SIGNING_TRUSTED_KEYS */
  signingTrustedKeys: PublicJwk[];
  /** GRAPHQL_EXPLORER (GRAPHQL_SANDBOX), GRAPHQL_INTROSPECTION, GRAPHQL_JIT */
  graphql: { explorer: GraphQLExplorer; introspection: boolean; jit: boolean };
  /** CONSOLE */
  console: boolean;
  /** CORS_ORIGINS */
  corsOrigins: string[] | '*';
  /** METRICS_TOKEN */
  metricsToken?: string;
  /** GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_COMPLEXITY, GRAPHQL_BATCHING */
  graphqlLimits: { maxDepth: number; maxComplexity: number; batching: boolean };
  /** ENGINE_THREADS, ENGINE_TIME_LIMIT_MS, ENGINE_VALIDATION_TIME_LIMIT_MS, ENGINE_MEMORY_MB, ENGINE_NICE, ENGINE_WORKSPACE_THREADS */
  engine: { threads: number; timeLimitMs: number; validationTimeLimitMs: number; memoryMb: number; nice: number; workspaceThreads: number };
  /** HEAP_GROWTH_PERCENT (src/heap-growth.ts) */
  heapGrowthPercent: number;
  /** ENGINE_QUEUE_LIMIT, ENGINE_QUEUE_WORKSPACE_LIMIT */
  engineQueue: { limit: number; workspaceLimit: number };
  /** WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE, WEBHOOK_POLL_MS, WEBHOOK_CONCURRENCY, WEBHOOK_WORKSPACE_CONCURRENCY, WEBHOOK_RETRY_SCALE, WEBHOOK_LEASE_MS */
  webhooks: {
    allowHttp: boolean;
    allowPrivate: boolean;
    pollMs: number;
    concurrency: number;
    workspaceConcurrency: number;
    retryScale: number;
    leaseMs: number;
  };
  /** JOB_POLL_MS, JOB_CONCURRENCY, JOB_WORKSPACE_CONCURRENCY, JOB_STEP_TIME_LIMIT_MS */
  jobs: { pollMs: number; concurrency: number; perWorkspace: number; stepTimeMs: number };
  /** LOG_LEVEL */
  logLevel: string;
}
