import type { Server as HttpServer } from 'node:http';
import { EXPLORER_ASSETS_PATH } from './graphql/plumbing/graphiql.page';
import { GRAPHQL_PATH, type GraphQLHttp } from './graphql/graphql.router';
import { CONSOLE_ASSETS_PATH, CONSOLE_PATH, consoleAssets, consolePage, rootRedirect } from './http/console.routes';
import { METRICS_PATH, metricsPage } from './http/metrics';
import { DOCS_ASSETS_PATH, DOCS_PATH, docsAssets, docsPage } from './rest/docs.page';
import type { Surface } from './rest/route-table';

/** What the surfaces are built with. */
export interface SurfaceServices {
  /** Where the console's build is read from; undefined when the console is off (CONSOLE=false). */
  consoleDir?: string;
  graphql: GraphQLHttp;
  /** Attaches GraphQL's subscriptions (graphql-ws) to the server's WebSocket upgrades of GRAPHQL_PATH. */
  subscriptions: (httpServer: HttpServer) => { close(): Promise<void> };
}

const consoleOn = ({ consoleDir }: SurfaceServices) => consoleDir !== undefined;

/**
 * Every HTTP surface that is not a REST operation of the OpenAPI description (those are API_ROUTES): its paths,
 * methods and authentication, mounted with the REST routes by one call (src/rest/route-mount.ts mountSurface).
 */
export const SURFACES: Surface<SurfaceServices>[] = [
  // Prometheus's scrape: behind METRICS_TOKEN when one is set. Its other methods were always 404, not 405.
  { kind: 'page', name: 'metrics', paths: [METRICS_PATH], auth: 'metrics-token', methods: { get: () => [metricsPage] }, allow: false },
  // The REST API's reference (Swagger UI), and the files it loads from the installed swagger-ui-dist.
  { kind: 'page', name: 'docs', paths: [DOCS_PATH], auth: 'none', methods: { get: () => [docsPage] } },
  { kind: 'files', name: 'docs assets', prefix: DOCS_ASSETS_PATH, auth: 'none', handler: () => docsAssets() },
  // The console: its page under /console (the data comes through the APIs, with a token), its hashed files, and `/`.
  {
    kind: 'page',
    name: 'console',
    paths: [CONSOLE_PATH, `${CONSOLE_PATH}/*route`],
    auth: 'none',
    allow: ['GET', 'HEAD'],
    methods: { get: ({ consoleDir }) => [consolePage(consoleDir!)] },
    enabled: consoleOn,
  },
  {
    kind: 'files',
    name: 'console assets',
    prefix: CONSOLE_ASSETS_PATH,
    auth: 'none',
    handler: ({ consoleDir }) => consoleAssets(consoleDir!),
    enabled: consoleOn,
  },
  { kind: 'page', name: 'root', paths: ['/'], auth: 'none', methods: { get: () => [rootRedirect] }, allow: false, enabled: consoleOn },
  // GraphQL over HTTP: a token first (the explorer's page aside, which a browser opens without one), refusals in GraphQL's shape.
  {
    kind: 'page',
    name: 'graphql',
    paths: [GRAPHQL_PATH],
    auth: 'token',
    methods: { get: ({ graphql }) => graphql.get, post: ({ graphql }) => graphql.post },
    servedWithoutToken: ({ graphql }) => graphql.servedWithoutToken,
    refusal: ({ graphql }) => graphql.refusal,
  },
  {
    kind: 'files',
    name: 'graphql explorer assets',
    prefix: EXPLORER_ASSETS_PATH,
    auth: 'none',
    handler: ({ graphql }) => graphql.explorerAssets!,
    enabled: ({ graphql }) => graphql.explorerAssets !== undefined,
  },
  // GraphQL's subscriptions: graphql-ws takes the token in its connection_init, and closes the socket without a valid one.
  {
    kind: 'websocket',
    name: 'graphql subscriptions',
    path: GRAPHQL_PATH,
    auth: 'token',
    attach: (httpServer, { subscriptions }) => subscriptions(httpServer),
  },
  // Any other request under the APIs' prefixes needs a token before it hears that nothing is there (404).
  { kind: 'prefix', name: 'silo', prefix: '/silo', auth: 'token' },
  { kind: 'prefix', name: 'utils', prefix: '/utils', auth: 'token' },
  { kind: 'prefix', name: 'sequence', prefix: '/sequence', auth: 'token' },
  { kind: 'prefix', name: 'transform', prefix: '/transform', auth: 'token' },
  { kind: 'prefix', name: 'graphql other paths', prefix: GRAPHQL_PATH, auth: 'token', refusal: ({ graphql }) => graphql.refusal },
];
