import { randomBytes } from 'node:crypto';
import { ApolloServer, HeaderMap } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { GraphQLSchema } from 'graphql';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { GraphQLExplorer } from '../config';
import type { EntryService } from '../domain/entries/entries.service';
import type { EntryFormats } from '../domain/formats/entry-formats';
import type { EinvoiceValidator } from '../domain/formats/einvoice-validator';
import type { EinvoiceImports } from '../domain/formats/einvoice-imports';
import type { EntryPdfFiles } from '../domain/files/entry-pdf-file';
import type { SearchService } from '../domain/search/search';
import type { WebhooksService } from '../domain/webhooks/webhooks.service';
import type { SequencesService } from '../domain/sequences/sequences.service';
import type { WorkflowsService } from '../domain/workflows/workflows.service';
import type { JobsService } from '../domain/workflows/jobs.service';
import type { Logger } from '../logger';
import { jsonBody } from '../http/json-body';
import { setPageSecurityHeaders } from '../http/page-security';
import { refusalHandler } from '../http/refusal';
import { endLightRequest } from '../http/light-requests';
import { abandonedSignal } from '../http/request-signal';
import { documentStore, persistedQueryCache } from './plumbing/bounded-cache';
import { compiledExecutor } from './plumbing/compiled-executor';
import { EXPLORER_QUERY, explorerAssets, graphiqlPage } from './plumbing/graphiql.page';
import { createContext, type ContextServices, type EventFeeds, type GraphQLContext } from './plumbing/context';
import { errorLoggingPlugin } from './plumbing/error-logging.plugin';
import { heavyResultsPlugin, piecesOf, stringifyResult } from './plumbing/heavy-results';
import { KnownOperations } from './plumbing/known-operations';
import { isMultipartRequest, multipartOperations } from './plumbing/multipart-operations';
import { errorResponseBody, formatError } from './plumbing/format-error';
import { complexityLimitPlugin, limitRules, MAX_QUERY_TOKENS } from './plumbing/limits';
import { sandboxPolicy } from './plumbing/sandbox-page';
import { sendPieces, sendText } from '../http/json-slices';
import { buildGraphQLSchema } from './schema';
import { subscriptionsOverWebSocketOnly } from './plumbing/subscriptions-over-http.rule';

export interface GraphQLOptions {
  explorer: GraphQLExplorer;
  introspection: boolean;
  /** graphql-jit runs operations (compiled-executor.ts); false: graphql-js, Apollo's own executor. */
  jit: boolean;
  batching: boolean;
  maxDepth: number;
  maxComplexity: number;
  bodyLimit: number;
  /** FILE_SIZE_LIMIT: the most an uploaded PDF (importDocument's `file`), or all of a request's files together, weigh. */
  fileSizeLimit: number;
  pageDataBudget: number;
}

export const GRAPHQL_PATH = '/graphql';

/** Apollo's own media types, in its order: the landing page is served when text/html wins among them. */
const NEGOTIATED = [
  'application/json; charset=utf-8',
  'application/graphql-response+json; charset=utf-8',
  'multipart/mixed; deferSpec=20220824',
  'multipart/mixed; incrementalSpec=v0.2',
  'multipart/mixed',
  'text/html',
];

/** Whether Apollo will answer with the landing page (a browser's GET; no operation runs): Apollo's own test. */
const wantsLandingPage = (req: Request) => req.method === 'GET' && req.accepts(NEGOTIATED) === 'text/html';

/**
 * The bearer token is checked first, before the body is read: without a valid one the answer is
 * 401 with `WWW-Authenticate: Bearer` and a GraphQL error UNAUTHENTICATED. Only the explorer's page is
 * served without one (a browser sends none); the context refuses any operation that slips by.
 */
const servedWithoutToken = (explorer: GraphQLExplorer) => (req: Request) => explorer !== 'off' && wantsLandingPage(req);

/** GraphiQL's page for a browser's GET, with a nonce of its own; anything else goes on to Apollo. */
const graphiql: RequestHandler = (req, res, next) => {
  if (!wantsLandingPage(req)) return next();
  const page = graphiqlPage(GRAPHQL_PATH, randomBytes(16).toString('base64'));
  res.setHeader('Cache-Control', 'no-store');
  setPageSecurityHeaders(res, page.policy);
  res.type('html').send(page.html);
};

/** Apollo wants `req.body` set; a GET has none. */
const noBody: RequestHandler = (req, _res, next) => {
  req.body = undefined;
  next();
};

/**
 * The media type of a GraphQL answer the client asked for: `application/graphql-response+json` (GraphQL over
 * HTTP) when its Accept header prefers it, as urql and graphql-request send, else `application/json`.
 */
const answerMediaType = (req: Request) =>
  req.accepts(['application/json', 'application/graphql-response+json']) === 'application/graphql-response+json'
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';

/** Requests refused before Apollo ran (token, body, method): the error in GraphQL's shape, with its HTTP status. */
const refusal = refusalHandler({ body: errorResponseBody, mediaType: answerMediaType });

/** Apollo Server on `/graphql`, over the same entry service as REST (and its authentication, applied by the mount). */
export async function graphqlRouter(
  deps: {
    entries: EntryService;
    pdfFiles?: EntryPdfFiles;
    formats?: EntryFormats;
    einvoices?: EinvoiceValidator;
    imports?: EinvoiceImports;
    search?: SearchService;
    feeds?: EventFeeds;
    webhooks?: WebhooksService;
    sequences?: SequencesService;
    workflows?: WorkflowsService;
    jobs?: JobsService;
    logger: Logger;
  },
  options: GraphQLOptions,
): Promise<GraphQLHttp> {
  const schema = buildGraphQLSchema();
  const complexityLimit = complexityLimitPlugin(options.maxComplexity);
  const executor = options.jit ? compiledExecutor(schema) : undefined;
  // Operations Apollo validated and graphql-jit compiled, run again without Apollo's per-request pipeline.
  const known = executor && new KnownOperations(schema, executor, complexityLimit.costs);
  const apollo = new ApolloServer<GraphQLContext>({
    ...(executor ? { gateway: executor } : { schema }),
    // Apollo's CSRF prevention refuses a GET without a JSON content type or an Apollo header, which is how
    // urql and graphql-request send queries by GET. It guards cookie-authenticated endpoints against
    // requests a hostile page makes with the visitor's cookies; here every request must carry a bearer
    // token in its Authorization header, which a browser never adds by itself, so it protects nothing.
    csrfPrevention: false,
    introspection: options.introspection,
    allowBatchedHttpRequests: options.batching,
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    documentStore: documentStore(),
    cache: persistedQueryCache(),
    validationRules: [...limitRules(options.maxDepth), subscriptionsOverWebSocketOnly],
    formatError,
    // Compact JSON, as REST answers: Apollo indents by default, which doubles the bytes and the time to write them.
    // Written in slices: an answer of many megabytes lets other requests run while it is written (heavy-results.ts).
    stringifyResult,
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false, // main.ts stops the whole server
    logger: deps.logger,
    plugins: [
      options.explorer === 'sandbox'
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false, document: EXPLORER_QUERY })
        : ApolloServerPluginLandingPageDisabled(),
      complexityLimit,
      errorLoggingPlugin,
      ...(known ? [known.plugin] : []),
      heavyResultsPlugin,
      // No cache hints are served or reported anywhere: their per-field hooks were a measurable share of each request.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
    ],
  });
  await apollo.start();

  // req.fileUrl and req.formatUrl: set for every request by src/http/file-urls.ts (server.ts), so urls are the ones REST shows.
  const contextOf = (req: Request, res: Response) =>
    createContext(
      deps.entries,
      {
        workspaceId: req.workspaceId,
        requestId: req.id,
        log: req.log,
        signal: abandonedSignal(res),
        fileUrl: req.fileUrl,
        formatUrl: req.formatUrl,
        onHeavy: () => endLightRequest(res),
      },
      options.pageDataBudget,
      deps,
    );
  const execute = apolloHandler(apollo, known, contextOf);

  // Mounted from its surface's declaration (src/surfaces.ts), which applies the token: checked first,
  // before the body is read; a refusal there, as any other on the path, is answered in GraphQL's shape.
  return {
    get: [...(options.explorer === 'graphiql' ? [graphiql] : []), noBody, execute],
    post: [operationsBody(options), execute],
    servedWithoutToken: servedWithoutToken(options.explorer),
    refusal,
    explorerAssets: options.explorer === 'graphiql' ? explorerAssets() : undefined,
    schema,
    services: deps,
    stop: () => apollo.stop(),
  };
}

/**
 * A POST's operations: a JSON body, or a multipart request of the GraphQL multipart request spec (files uploaded
 * beside the operations, for importDocument's `file`), each within its bounds.
 */
function operationsBody(options: GraphQLOptions): RequestHandler {
  const json = jsonBody(options.bodyLimit);
  const multipart = multipartOperations({ json: options.bodyLimit, xml: options.bodyLimit, pdf: options.fileSizeLimit });
  return (req, res, next) => (isMultipartRequest(req) ? multipart : json)(req, res, next);
}

/** GraphQL over HTTP, as its surface mounts it: each method's handlers, who is served without a token, its refusals. */
export interface GraphQLHttp {
  get: RequestHandler[];
  post: RequestHandler[];
  /** Requests served without a token: the explorer's page for a browser's GET, when an explorer is on. */
  servedWithoutToken: (req: Request) => boolean;
  refusal: ErrorRequestHandler;
  /** GraphiQL's files under EXPLORER_ASSETS_PATH (GRAPHQL_EXPLORER=graphiql only). */
  explorerAssets?: RequestHandler;
  schema: GraphQLSchema;
  /** The services its requests' contexts are built with: the subscriptions' are built with the same. */
  services: ContextServices;
  stop(): Promise<void>;
}

/**
 * Hands a request to Apollo and writes its answer, as Apollo's Express integration does, minus two costs
 * that showed in profiles: a second parse of the URL, and res.send's ETag, a hash of every answer. Only a
 * GET answer can be cached, so only a GET answer goes through res.send (ETag, 304 when fresh).
 */
function apolloHandler(
  apollo: ApolloServer<GraphQLContext>,
  known: KnownOperations | undefined,
  context: (req: Request, res: Response) => GraphQLContext,
): RequestHandler {
  return async (req, res) => {
    let made: GraphQLContext | undefined;
    // The request's turn among heavy answers goes on once its answer is handed to the socket, or if it fails.
    res.once('close', () => made?.readTurn.release());
    if (known && req.method === 'POST' && acceptsJsonAnswer(req)) {
      const answer = await known.answer(req.body, () => (made = context(req, res)));
      if (answer) {
        for (const [name, value] of answer.headers) res.setHeader(name, value);
        res.setHeader('content-type', answerMediaType(req));
        res.statusCode = answer.status;
        await sendAnswer(req, res, answer.text);
        made?.readTurn.release();
        return;
      }
    }
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const query = req.url.indexOf('?');
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method, headers, search: query === -1 ? '' : req.url.slice(query), body: req.body },
      context: async () => (made = context(req, res)),
    });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      // The only HTML Apollo answers is its Sandbox page (GRAPHQL_EXPLORER=sandbox).
      if (answer.headers.get('content-type')?.startsWith('text/html')) setPageSecurityHeaders(res, sandboxPolicy(answer.body.string));
      await sendAnswer(req, res, answer.body.string);
      made?.readTurn.release();
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
}

/** An answer's JSON text, or a heavy answer's pieces (heavy-results.ts); only a GET answer through res.send (ETag, 304). */
async function sendAnswer(req: Request, res: Response, text: string): Promise<void> {
  const heavy = piecesOf(text);
  if (heavy) await sendPieces(res, heavy);
  else if (req.method === 'GET') res.send(text);
  else sendText(res, text);
}

/**
 * Whether the client takes a JSON answer in the media type answerMediaType gives, as Apollo would choose it: no
 * Accept header, or one of the usual ones. Any other goes to Apollo, which negotiates it (or refuses it, 406).
 */
function acceptsJsonAnswer(req: Request): boolean {
  const accept = req.headers.accept;
  return (
    accept === undefined ||
    accept === '*/*' ||
    accept === 'application/json' ||
    accept === 'application/graphql-response+json' ||
    accept === 'application/graphql-response+json, application/json' ||
    accept === 'application/graphql-response+json, application/json;q=0.9'
  );
}
