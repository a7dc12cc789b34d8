import type { Request, RequestHandler } from 'express';
import { decodeJwt } from 'jose';
import type { TokenVerifier } from '../auth/token-verifier';
import { DomainError } from '../domain/shared/errors';

/** Who a request acts for: the workspace its bearer token grants. */
export interface Principal {
  workspaceId: string;
}

/**
 * What a client presents: the value of its Authorization header, or a bare token, as a WebSocket's connection
 * params carry one (any JSON value there: anything but a string is refused).
 */
export type Credentials = { authorization: string | undefined } | { token: unknown };

/** The one authentication of every API: credentials to their principal, or the contract's 401 (`unauthorized`). */
export type Authenticate = (credentials: Credentials) => Promise<Principal>;

/** A signed JWT in compact form: three base64url parts, the last empty for an unsigned one (which jose refuses). */
const COMPACT_JWT = '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*';
const BEARER_HEADER = new RegExp(`^Bearer[ ]+(${COMPACT_JWT})[ ]*$`, 'i');
const BARE_TOKEN = new RegExp(`^${COMPACT_JWT}$`);

const unauthorized = (message: string) => new DomainError('unauthorized', message);

/** The refusal of a request that brings no credentials at all. */
export const tokenRequired = () => unauthorized('a bearer token is required');

/** The token the credentials carry; the refusal when there is none, or it is not a JWT where one belongs. */
function tokenIn(credentials: Credentials): string {
  if ('token' in credentials) {
    const { token } = credentials;
    if (token === undefined || token === null || token === '') throw tokenRequired();
    if (typeof token !== 'string' || !BARE_TOKEN.test(token)) throw unauthorized('the token is not valid');
    return token;
  }
  const { authorization } = credentials;
  if (!authorization) throw tokenRequired();
  const match = BEARER_HEADER.exec(authorization);
  if (!match) throw unauthorized('the authorization header must be "Bearer <token>"');
  return match[1];
}

/** Authentication by the service's token verifier: the token's workspace claim names the principal. */
export function authentication(verifier: TokenVerifier): Authenticate {
  return async (credentials) => ({ workspaceId: await verifier.workspaceOf(tokenIn(credentials)) });
}

/**
 * When the token of credentials that authenticated expires (`exp`, which every accepted token has), for a
 * connection that outlives its request (a WebSocket): it is closed then. Read only after authentication
 * succeeded, so the claims are verified ones; not on every HTTP request, which ends long before.
 */
export function expiryOf(credentials: Credentials): Date | undefined {
  const { exp } = decodeJwt(tokenIn(credentials));
  return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
}

/**
 * Every request through this middleware needs a bearer token in its Authorization header; the workspace it
 * grants scopes the request (`req.workspaceId`). A refusal goes to the API's error handler, which answers the
 * 401 in the API's shape with `WWW-Authenticate: Bearer`. `exempt` names requests served without one.
 */
export function authenticated(authenticate: Authenticate, options: { exempt?: (req: Request) => boolean } = {}): RequestHandler {
  return async (req, _res, next) => {
    if (!options.exempt?.(req)) req.workspaceId = (await authenticate({ authorization: req.get('authorization') })).workspaceId;
    next();
  };
}
