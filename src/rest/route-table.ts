import type { TObject, TSchema } from '@sinclair/typebox';
import type { ErrorRequestHandler, RequestHandler } from 'express';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A route's handler: its path parameters are named strings (no route has a wildcard). */
export type RouteHandler = RequestHandler<Record<string, string>>;

/** An answer of a route, as the OpenAPI description shows it. */
export interface Answer {
  description: string;
  schema?: TSchema;
  /** The media type of the answer, `application/json` unless said. */
  mediaType?: string;
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
  /** False for the routes that need no token: they are mounted before authentication. */
  auth?: false;
  /** True for the routes a file's signed link opens without a token. */
  fileLink?: boolean;
  params?: TObject;
  query?: TObject;
  /** The request body by media type (JSON when only `schema` is given). */
  body?: { schema: TSchema; mediaType?: string; required?: boolean; alternatives?: Record<string, TSchema> };
  /** Successful answers, and refusals with a description of their own. */
  answers: Record<number, Answer>;
  /** The statuses of the contract's refusals this operation can answer, each with the shared `Error` body. */
  refusals: RefusalStatus[];
  /**
   * The parts of the request checked against their schemas before the handler (400 naming each parameter at
   * fault); the others are only described, and read by the domain, which refuses them with its own 400.
   */
  checked?: ('params' | 'query')[];
  /** Middleware run after the checks and before the handler: a body parser. */
  use?: (services: S) => RequestHandler[];
  handler: (services: S) => RouteHandler;
  /** Turns an error raised while matching the path (a parameter that is not UTF-8) into the route's own refusal. */
  pathError?: ErrorRequestHandler;
}

/** The path in Express's form: `/silo/v1/entries/:id`. */
export const expressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');
