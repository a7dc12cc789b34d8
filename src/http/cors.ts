import cors from 'cors';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/**
 * Request headers a browser client may send: the token, JSON bodies (compressed or not), the conditions of
 * updates (If-Match) and downloads (If-None-Match, Range, If-Range), and what Apollo's and other clients add.
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'content-encoding',
  'if-match',
  'if-none-match',
  'range',
  'if-range',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'x-request-id',
];
/**
 * Response headers a browser script may read besides the safelisted ones (Content-Length and Content-Type among
 * them): the entry's version, a download's range and name, when to try again after a 503, a 405's methods.
 */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'WWW-Authenticate',
  'ETag',
  'Allow',
  'Accept-Ranges',
  'Content-Range',
  'Content-Disposition',
  'Retry-After',
];
/** Every method of the REST and GraphQL routes: PATCH updates entries, DELETE removes meta rows. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/** How long a browser may reuse a preflight answer, in seconds. */
export const CORS_MAX_AGE_S = 600;

/**
 * CORS for REST and GraphQL alike, mounted before authentication: a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204 without a token, and every other answer, a 401 or an error
 * included, carries the headers. With a list of origins, the matching one is echoed (with `Vary: Origin`) and
 * credentials allowed; with `*`, the answer is a literal `*` and never allows credentials, which would let any
 * site make requests with whatever else the browser holds for this host (tokens are bearer headers anyway).
 * No origins configured: no CORS at all.
 */
export function corsHandler(origins: Config['corsOrigins']): RequestHandler | undefined {
  if (origins !== '*' && origins.length === 0) return undefined;
  return cors({
    origin: origins === '*' ? '*' : origins,
    credentials: origins !== '*',
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_S,
    optionsSuccessStatus: 204,
  });
}
