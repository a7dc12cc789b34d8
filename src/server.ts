import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import path from 'node:path';
import express from 'express';
import type { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { keptSecret, LOCAL_SECRET_FILE, localSecret } from './auth/local-secret';
import { keyMaterial, TokenVerifier } from './auth/token-verifier';
import { loadSigningKeys, type Config } from './config';
import { JSON_PATCH_LIMITS } from './domain/documents/derive/json-patch';
import { EntryService } from './domain/entries/entries.service';
import { GoblService } from './domain/documents/gobl.service';
import { FilesService } from './domain/files/files.service';
import { EntryPdfFiles } from './domain/files/entry-pdf-file';
import { EntryFormats } from './domain/formats/entry-formats';
import { EinvoiceValidator } from './domain/formats/einvoice-validator';
import { EinvoiceImports } from './domain/formats/einvoice-imports';
import { SpoolService } from './domain/spool/spool.service';
import { InThreadEngine } from './domain/documents/document-pipeline';
import { makeEntryPdf } from './workers/entry-pdf-maker';
import { DocumentWorkers } from './workers/document-workers';
import { graphqlRouter } from './graphql/graphql.router';
import { subscriptionServer } from './graphql/subscription-server';
import type { SubscriptionLimits } from './graphql/plumbing/subscription-bounds';
import { authentication } from './http/authentication';
import { corsHandler } from './http/cors';
import { lightRequestMarks } from './http/light-requests';
import { requestMetrics } from './http/metrics';
import { createLogger, type Logger } from './logger';
import { countEventsWritten, observeEngineSeconds, observeQuerySeconds, watchEngineHeaps, watchFeedWaiters, watchPool } from './metrics';
import { requestContext } from './rest/request-context';
import { API_ROUTES } from './rest/api.routes';
import { openApiText } from './rest/openapi';
import { mountSurface } from './rest/route-mount';
import { SURFACES } from './surfaces';
import { fileUrls } from './http/file-urls';
import { FILE_LINK_SECRET_FILE, FileLinks } from './http/file-links';
import { EntryMetaService } from './domain/meta/entry-meta.service';
import { EventMaker } from './domain/entries/event-maker';
import { EventsService } from './domain/events/events.service';
import { FeedFollowers } from './domain/events/feed-follow';
import { FeedWatch } from './domain/events/feed-watch';
import { FeedSequencer } from './domain/events/feed-sequencer';
import { EventRepository } from './storage/event.repository';
import { webhookWiring } from './webhooks/webhook-wiring';
import { SequencesService } from './domain/sequences/sequences.service';
import { SequenceRepository } from './storage/sequence.repository';
import { WorkflowsService } from './domain/workflows/workflows.service';
import { JobsService } from './domain/workflows/jobs.service';
import { JobRunner } from './domain/workflows/job-runner';
import { stepProviders } from './domain/workflows/step-providers';
import { WorkflowRepository } from './storage/workflow.repository';
import { SearchService, searchTermsOf } from './domain/search/search';
import { RequestRates } from './domain/runtime';
import { MetaRepository } from './storage/meta.repository';
import { SearchIndexRepository } from './storage/search-index.repository';
import { EntryOverviewRepository } from './storage/entry-overview.repository';
import { installedConsoleDir } from './http/console.routes';
import { narrowToOwner } from './private-files';
import { SIGNING_KEY_FILE } from './signing/signing-keys';
import { isDatabaseReady, openDataSource, sqliteFiles } from './storage/data-source';
import { startStorageTasks } from './storage/storage-tasks';
import { SORT_AMOUNT_RULE } from './domain/entries/model/sort-amount';
import { SqliteReaders } from './storage/sqlite-readers';
import { EntryRepository } from './storage/entry.repository';
import { FileRepository } from './storage/file.repository';
import { SpoolRepository } from './storage/spool.repository';
import { EntryHistoryRepository } from './storage/entry-history.repository';
import { DatabaseBlobStore } from './storage/blob-store';
import { poolUseReader, timeQueries } from './storage/query-timing';

export interface Server {
  app: express.Express;
  /** The HTTP server the app answers on, its WebSocket upgrades included. */
  httpServer: http.Server;
  entries: EntryService;
  /** Entries' invoices in e-invoice formats. */
  formats: EntryFormats;
  /** Received e-invoices validated by the official artefacts (EINVOICE_ARTEFACTS_DIR). */
  einvoices: EinvoiceValidator;
  /** The spool of temporary files (its sweep runs on a timer until close). */
  spool: SpoolService;
  dataSource: DataSource;
  /** SQLite's reader threads (undefined on MySQL/MariaDB). */
  sqliteReaders?: SqliteReaders;
  logger: Logger;
  /** Set when no JWT key is configured: the local secret, so a token can be printed. */
  localSecret?: { secret: string; created: boolean };
  listen(port?: number, host?: string): Promise<string>;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** Slow or idle clients may not hold a connection for long: headers within 10 s, a whole request within 30. */
export const HTTP_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };
/** How often Node holds connections to those timeouts (its default, 30 s, would let a slow client stay 40 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Wires storage, domain, auth and both APIs together. The only file that knows all of them. */
export async function buildServer(
  config: Config,
  options: {
    logger?: Logger;
    timeouts?: Partial<typeof HTTP_TIMEOUTS>;
    subscriptionLimits?: Partial<SubscriptionLimits>;
    /** Where the console's build is read from (tests point it elsewhere); the installed project's by default. */
    consoleDir?: string;
    /** Where the compiled e-invoice rules are kept (tests share one); `einvoice-rules` in DATA_DIR by default. */
    einvoiceRulesDir?: string;
  } = {},
): Promise<Server> {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const logger = options.logger ?? createLogger(config.logLevel);
  keepDataPrivate(config, logger);
  const jwtConfigured = Boolean(config.jwt.secret || config.jwt.publicKey || config.jwt.jwksUrl);
  const local = jwtConfigured ? undefined : localSecret(config.dataDir);
  const authenticate = authentication(
    new TokenVerifier(
      keyMaterial(config.jwt, () => local!.secret),
      config.jwt,
    ),
  );

  const signingKeys = loadSigningKeys(config);

  const dataSource = await openDataSource(config.database, logger);
  timeQueries(dataSource, observeQuerySeconds);
  const poolUse = poolUseReader(dataSource);
  const unwatchPool = poolUse ? watchPool(poolUse) : () => undefined;
  const jsonPatchLimits = { ...JSON_PATCH_LIMITS, maxWork: config.jsonPatchMaxWork };
  const engine =
    config.engine.threads > 0
      ? new DocumentWorkers({
          ...config.engine,
          queueLimit: config.engineQueue.limit,
          workspaceQueueLimit: config.engineQueue.workspaceLimit,
          worker: { signingKeys: signingKeys.material(), jsonPatchLimits },
          observeSeconds: observeEngineSeconds,
        })
      : new InThreadEngine({
          signingKeys,
          jsonPatchLimits,
          newId: uuidv7,
          observeSeconds: observeEngineSeconds,
          makePdf: makeEntryPdf,
        });
  const unwatchEngineHeaps = engine instanceof DocumentWorkers ? watchEngineHeaps(() => engine.threadHeaps()) : () => undefined;
  const sqliteReaders = config.database.type === 'sqlite' ? new SqliteReaders(config.database.file) : undefined;
  const entryStore = new EntryRepository(dataSource, sqliteReaders);
  // Every change is written with its events; whoever waits for a workspace's feed here hears of them at once.
  const eventStore = new EventRepository(dataSource);
  const feedWatch = new FeedWatch(eventStore);
  const unwatchFeed = watchFeedWaiters(() => feedWatch.size);
  // Webhooks: delivered by every process from the feed, each endpoint leased to one process at a time.
  const { service: webhooks, dispatcher: webhookDispatcher, sender: webhookSender } = webhookWiring(dataSource, eventStore, config, logger);
  const sequences = new SequencesService(new SequenceRepository(dataSource), signingKeys);
  // Events are placed in their feeds once committed: by this process at once, by any process for the others.
  // Placed, they can be read: whoever waits for the feed reads it, and this process's deliveries go on.
  const sequencer = new FeedSequencer(
    eventStore,
    (workspaceIds) => {
      workspaceIds.forEach((workspaceId) => feedWatch.written(workspaceId));
      webhookDispatcher.wake();
    },
    (error) => logger.warn({ err: error }, 'placing events in their feeds failed; trying again'),
  );
  sequencer.start();
  const eventMaker = new EventMaker(
    uuidv7,
    () => new Date(),
    (_workspaceId, written) => {
      countEventsWritten(written.map((event) => event.type));
      return sequencer.poke();
    },
  );
  const events = new EventsService(eventStore, feedWatch, config.eventRetentionMs);
  const eventPruning = events.startPruning((error) => logger.warn({ err: error }, 'event retention sweep failed'));
  const entries = new EntryService(entryStore, {
    signingKeys,
    engine,
    history: new EntryHistoryRepository(dataSource, searchTermsOf),
    pageDataBudget: config.pageDataBudget,
    refsLimit: config.entryLimits.refs,
    events: eventMaker,
    overview: new EntryOverviewRepository(dataSource, sqliteReaders),
  });
  // One store of bytes for files and the spool.
  const blobs = new DatabaseBlobStore(dataSource);
  const files = new FilesService(
    entryStore,
    new FileRepository(dataSource, blobs, config.entryLimits.parts),
    { filesPerEntry: config.entryFilesLimit, versionsPerFile: config.fileVersionsLimit },
    () => new Date(),
    eventMaker,
  );
  const pdfFiles = new EntryPdfFiles(entries, files);
  const formats = new EntryFormats(entries, files, engine);
  const rulesDir = options.einvoiceRulesDir ?? path.join(config.dataDir, 'einvoice-rules');
  const log = { info: (message: string) => logger.info(message), warn: (message: string) => logger.warn(message) };
  const einvoices = new EinvoiceValidator(engine, { artefactsDir: config.einvoiceArtefactsDir, cacheDir: rulesDir, log });
  void einvoices.prepare();
  const fileLinks = new FileLinks(
    config.fileLinks.secret ?? keptSecret(config.dataDir, FILE_LINK_SECRET_FILE).secret,
    config.fileLinks.lifetimeMs,
  );
  const spool = new SpoolService(new SpoolRepository(dataSource, blobs), {
    lifetimeMs: config.spoolLifetimeMs,
    itemsLimit: config.spoolItemsLimit,
    sizeLimit: config.fileSizeLimit,
  });
  const spoolSweep = spool.startSweeping((error) => logger.warn({ err: error }, 'spool sweep failed'));
  // What an upgrade leaves to be done at the database's size is done in the background (`npm run migrate` does it
  // faster, with progress): envelopes stored as text are packed, search rows written again by today's terms rule,
  // the amounts lists sort by filled in, MariaDB's tables compressed.
  const storageTasks = startStorageTasks(
    dataSource,
    { termsOf: searchTermsOf, sortAmount: SORT_AMOUNT_RULE },
    {
      onError: (error) =>
        logger.warn(
          { err: error },
          'a storage task failed (packing envelopes, search terms, sort amounts, compressing tables); the next start goes on',
        ),
      onLeft: ({ table, why }) => logger.info({ table }, `table ${table} is not compressed: ${why}`),
    },
  );
  const search = new SearchService(new SearchIndexRepository(dataSource, entryStore, { timeLimitMs: config.searchTimeLimitMs }));
  const metas = new EntryMetaService(
    entryStore,
    new MetaRepository(dataSource, config.entryLimits, searchTermsOf),
    () => new Date(),
    eventMaker,
  );

  const imports = new EinvoiceImports(entries, files, metas, engine, einvoices);
  // Workflows and their jobs: every process runs due jobs a step at a time, each job leased to one process.
  const workflowStore = new WorkflowRepository(dataSource);
  const workflows = new WorkflowsService(workflowStore, uuidv7);
  const startJob = (workspaceId: string, id: string, body: unknown) => jobs.create(workspaceId, id, body);
  const providers = stepProviders({ entries, pdfFiles, formats, einvoices, sequences, imports, startJob, webhooks: webhookSender });
  const runnerOptions = { ...config.jobs, owner: `${process.pid}:${uuidv7()}` };
  const jobEvents = { ended: eventMaker.jobEnded.bind(eventMaker), written: eventMaker.written.bind(eventMaker) };
  const jobFailed = (error: unknown) => logger.warn({ err: error }, 'a job step could not be run');
  const jobRunner = new JobRunner(workflowStore, providers, runnerOptions, uuidv7, jobFailed, jobEvents);
  const jobs = new JobsService(workflowStore, entries, jobRunner, uuidv7);

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestContext(logger));
  app.use(requestMetrics);
  app.use(lightRequestMarks);
  app.use(fileUrls(fileLinks, config.publicBaseUrl));
  const cors = corsHandler(config.corsOrigins);
  if (cors) app.use(cors);
  const feeds = { service: events, followers: new FeedFollowers(events, feedWatch) };
  const { bodyLimit, fileSizeLimit, pageDataBudget } = config;
  const graphql = await graphqlRouter(
    { entries, pdfFiles, formats, einvoices, imports, search, feeds, webhooks, sequences, workflows, jobs, logger },
    { ...config.graphql, ...config.graphqlLimits, bodyLimit, fileSizeLimit, pageDataBudget },
  );

  webhookDispatcher.start();
  jobRunner.start();

  const httpServer = http.createServer(
    { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    app,
  );
  httpServer.keepAliveTimeout = timeouts.keepAliveMs;
  // The whole HTTP surface in one call: every REST operation (API_ROUTES) and every other surface (SURFACES: pages,
  // GraphQL and its WebSocket upgrade, metrics), each with the authentication its declaration names, applied in its
  // own layer: no order of mounting changes who gets in. Then the 404 and the error handler.
  const surface = mountSurface(
    app,
    httpServer,
    { routes: API_ROUTES, surfaces: SURFACES },
    {
      entries,
      search,
      metas,
      files,
      pdfFiles,
      formats,
      einvoices,
      imports,
      spool,
      events,
      webhooks,
      sequences,
      workflows,
      jobs,
      gobl: new GoblService(engine),
      isReady: () => isDatabaseReady(dataSource),
      openApiText: openApiText(),
      bodyLimit: config.bodyLimit,
      fileSizeLimit: config.fileSizeLimit,
      consoleDir: config.console ? (options.consoleDir ?? installedConsoleDir()) : undefined,
      graphql,
      // GraphQL subscriptions (graphql-ws) on the WebSocket upgrade of /graphql, over the same schema and feed.
      subscriptions: (server: http.Server) =>
        subscriptionServer(
          server,
          { graphql, entries, authenticate, fileLinks, publicBaseUrl: config.publicBaseUrl, logger },
          {
            maxDepth: config.graphqlLimits.maxDepth,
            maxComplexity: config.graphqlLimits.maxComplexity,
            pageDataBudget: config.pageDataBudget,
            limits: options.subscriptionLimits,
          },
        ),
    },
    { authenticate, fileLinks, metricsToken: config.metricsToken, rates: new RequestRates(config.requestRates) },
  );
  // Once closing, every answer says `Connection: close`: a keep-alive client cannot keep the server up.
  let closing = false;
  httpServer.prependListener('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    // A request that was under way when closing began leaves its connection idle: close it then, not keepAliveMs later.
    res.once('finish', () => closing && setImmediate(() => httpServer.closeIdleConnections()));
  });

  return {
    app,
    httpServer,
    entries,
    formats,
    einvoices,
    spool,
    dataSource,
    sqliteReaders,
    logger,
    localSecret: local,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          const address = httpServer.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve(`http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`);
        });
      });
    },
    async close() {
      closing = true;
      feedWatch.close(); // long polls answer now rather than hold the close up
      await surface.close(); // WebSockets are not the HTTP server's to close: each is ended here
      await new Promise<void>((resolve) => {
        if (!httpServer.listening) return resolve();
        // Past the longest a request may take, whatever is still open is cut (closing stops Node's timeout checks).
        const deadline = setTimeout(() => httpServer.closeAllConnections(), timeouts.requestMs + 5_000).unref();
        httpServer.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        httpServer.closeIdleConnections();
      });
      await graphql.stop();
      await webhookDispatcher.stop();
      await jobRunner.stop();
      webhookSender.close();
      await spoolSweep.stop();
      await storageTasks.stop();
      await eventPruning.stop();
      await sequencer.stop();
      unwatchFeed();
      await entries.close();
      await sqliteReaders?.close();
      unwatchPool();
      unwatchEngineHeaps();
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}

/**
 * DATA_DIR is 0700 and the files the service writes in it 0600. Those left open to group or others by an
 * older version, by hand or by a looser umask are narrowed before anything is read or written, with a warning.
 */
function keepDataPrivate(config: Config, logger: Logger): void {
  const files = [
    path.join(config.dataDir, LOCAL_SECRET_FILE),
    path.join(config.dataDir, SIGNING_KEY_FILE),
    path.join(config.dataDir, FILE_LINK_SECRET_FILE),
  ];
  if (config.database.type === 'sqlite') files.push(...sqliteFiles(config.database.file));
  for (const narrowed of narrowToOwner({ dirs: [config.dataDir], files })) {
    logger.warn(narrowed, 'data path was open to group or others: narrowed to its owner');
  }
}
