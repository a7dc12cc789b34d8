import type { TObject, TSchema } from '@sinclair/typebox';
import type { Server as HttpServer } from 'node:http';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who a route lets in, applied by the mount (src/rest/route-mount.ts) in the route's own layer, whatever the order
 * of the mounts:
 * - `none`: anyone;
 * - `token`: a valid bearer token (401 `unauthorized` without one); its workspace scopes the request;
 * - `token-or-link`: a bearer token, or, for a request without an Authorization header that carries any part of a
 *   signed link, a valid link to the file (or the entry's format, of its `version`) the path names (403 `forbidden`
 *   for a link that is not);
 * - `metrics-token`: `Authorization: Bearer <METRICS_TOKEN>` when one is configured, anyone when not.
 */
export type RouteAuth = 'none' | 'token' | 'token-or-link' | 'metrics-token';
export const ROUTE_AUTHS: readonly RouteAuth[] = ['none', 'token', 'token-or-link', 'metrics-token'];

/** The parts of a request checked against the route's schemas. */
export type CheckedPart = 'params' | 'query' | 'body';

/** A route's handler: its path parameters are named strings (no route has a wildcard). */
export type RouteHandler = RequestHandler<Record<string, string>>;

/** An answer of a route, as the OpenAPI description shows it. */
export interface Answer {
  description: string;
  schema?: TSchema;
  /** The media type of the answer, `application/json` unless said. */
  mediaType?: string;
  /** Other media types the same answer may come in (a format's XML, or Factur-X's PDF), each with its schema. */
  alternatives?: Record<string, TSchema>;
}

/**
 * What each status of the contract's refusals means, as the description shows it beside the shared `Error` body.
 * 405 is no operation's answer (it is the answer of a path's other methods), and 500 is a bug: both stay under `default`.
 */
export const REFUSALS = {
  400: 'The request is not valid (`input`): `fields` names what is wrong.',
  401: 'No valid bearer token (`unauthorized`).',
  403: 'A signed link that has expired or was altered (`forbidden`).',
  404: 'Nothing of that name in the workspace (`not-found`).',
  409: 'In conflict with what is stored (`conflict`, `entry-signed`).',
  410: 'A cursor of the event feed older than the events kept (`gone`): read the entries again, then follow the feed from a new cursor.',
  413: 'Too large to read, store or answer (`payload-too-large`).',
  415: 'A body in a media type or content encoding the route does not read (`unsupported-media-type`).',
  416: 'The range lies outside the bytes (`range-not-satisfiable`).',
  422: 'The document or value was refused (`unknown-schema`, `calculation`, `marshal`, `validation`, `patch`, `unknown-state`, `too-complex`), with `faults` when the engine found them.',
  429: 'The workspace asks faster than its request rate and its turn is further off than the longest wait (`too-many-requests`): try again after Retry-After.',
  503: 'The database or the document engine cannot serve the request now (`unavailable`): try again after Retry-After.',
} as const;
export type RefusalStatus = keyof typeof REFUSALS;

/**
 * One REST operation, declared once: what the OpenAPI description shows (method, path, schemas of the request, of
 * its answers and of each refusal it can answer) and what Express runs (the checks, any middleware, the handler).
 * `S` is what the handler needs: the services and limits it is built with.
 */
export interface ApiRoute<S = unknown> {
  method: HttpMethod;
  /** The path in OpenAPI's form: `/silo/v1/entries/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Who gets in (see RouteAuth): required, and applied by the mount from here. */
  auth: RouteAuth;
  params?: TObject;
  query?: TObject;
  /** The request body by media type (JSON when only `schema` is given). */
  body?: { schema: TSchema; mediaType?: string; required?: boolean; alternatives?: Record<string, TSchema> };
  /** Successful answers, and refusals with a description of their own. */
  answers: Record<number, Answer>;
  /** The statuses of the contract's refusals this operation can answer, each with the shared `Error` body. */
  refusals: RefusalStatus[];
  /**
   * Every declared part (path parameters, query, JSON body) is checked against its schema before the handler
   * (400 naming each parameter or member at fault), unless named here with the reason it is not: the domain
   * refuses it with a 400 of its own, more specific, that clients and tests rely on, or the handler reads a body
   * that is not JSON. A declared part neither checkable nor named here is refused at start.
   */
  unchecked?: Partial<Record<CheckedPart, string>>;
  /** Middleware run before the handler (after the path and query checks, before the body's): a body parser. */
  use?: (services: S) => RequestHandler[];
  handler: (services: S) => RouteHandler;
  /** Turns an error raised while matching the path (a parameter that is not UTF-8) into the route's own refusal. */
  pathError?: ErrorRequestHandler;
}

/** The path in Express's form: `/silo/v1/entries/:id`. */
export const expressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * A surface of the service that is not a REST operation of the OpenAPI description (pages, their files, GraphQL,
 * metrics, WebSocket upgrades), declared as data beside the REST table: its paths, methods and authentication.
 */
export type Surface<S> = PageSurface<S> | FilesSurface<S> | PrefixSurface<S> | UpgradeSurface<S>;

interface SurfaceBase {
  /** What it is, for messages and the route listing. */
  name: string;
  /** Who gets in (see RouteAuth). */
  auth: RouteAuth;
}

/** Routes on fixed paths (Express's form, `/console/*route` included), one or more methods each. */
export interface PageSurface<S> extends SurfaceBase {
  kind: 'page';
  paths: string[];
  /** The handlers of each method (`get` answers HEAD too). */
  methods: Partial<Record<HttpMethod, (services: S) => RequestHandler[]>>;
  /** What a 405 of the paths' other methods names in Allow (their methods unless said); false: they go on, to 404. */
  allow?: string[] | false;
  /** `token` only: requests served without one (GraphQL's explorer page, which a browser opens without a token). */
  servedWithoutToken?: (services: S) => ((req: Request) => boolean) | undefined;
  /** Turns any refusal on these paths into the surface's own answer (GraphQL's shape); the API's otherwise. */
  refusal?: (services: S) => ErrorRequestHandler;
  /** False when the services leave the surface out (the console when CONSOLE is off). */
  enabled?: (services: S) => boolean;
}

/** Files served under a prefix (`/console/assets/…`) by a handler that sees the whole path; any method reaches it. */
export interface FilesSurface<S> extends SurfaceBase {
  kind: 'files';
  prefix: string;
  handler: (services: S) => RequestHandler;
  enabled?: (services: S) => boolean;
}

/**
 * Every other request under a prefix, after all routes: let in (or refused) as `auth` says, then 404. A request
 * under `/silo` without a token is 401 whether or not its path exists, as it always was.
 */
export interface PrefixSurface<S> extends SurfaceBase {
  kind: 'prefix';
  prefix: string;
  refusal?: (services: S) => ErrorRequestHandler;
}

/** A WebSocket upgrade on a path: the surface attaches its own 'upgrade' listener, which enforces `auth` itself. */
export interface UpgradeSurface<S> extends SurfaceBase {
  kind: 'websocket';
  path: string;
  attach: (httpServer: HttpServer, services: S) => { close(): Promise<void> };
}
