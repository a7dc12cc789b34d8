import cors from 'cors';
import type { RequestHandler } from 'express';
import type { Config } from '../config';

/** Request headers a browser client may send: the token, JSON bodies, and what Apollo's and other clients add. */
export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-request-id'];
/** Response headers a browser script may read. */
export const CORS_EXPOSED_HEADERS = ['X-Request-Id', 'WWW-Authenticate', 'ETag', 'Allow'];
/** How long a browser may reuse a preflight answer, in seconds. */
export const CORS_MAX_AGE_S = 600;

/**
 * CORS for REST and GraphQL alike, mounted before authentication: a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204 without a token, and every other answer, a 401 or an error
 * included, carries the headers. The allowed origin is echoed (never `*`), so credentials may be sent;
 * with `*` configured, any origin is echoed (for development). No origins configured: no CORS at all.
 */
export function corsHandler(origins: Config['corsOrigins']): RequestHandler | undefined {
  if (origins !== '*' && origins.length === 0) return undefined;
  return cors({
    origin: origins === '*' ? true : origins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_S,
    optionsSuccessStatus: 204,
  });
}
