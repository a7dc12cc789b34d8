import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { DomainError, ERROR_CATALOGUE, type ErrorKey } from '../domain/shared/errors';
import { isDatabaseUnavailable, isPacketTooLarge } from '../storage/transient-errors';

/** The HTTP status of each error key, from the one catalogue: REST answers and refused GraphQL requests alike. */
export const HTTP_STATUS = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([key, { status }]) => [key, status])) as Record<
  ErrorKey,
  number
>;

/** The challenge of a 401: every API wants a bearer token. */
export const WWW_AUTHENTICATE = 'Bearer';

/** Seconds a client is told to wait before trying again when the refusal names no time of its own (the database is unavailable). */
export const RETRY_AFTER_SECONDS = 1;

/** The headers a refusal carries besides its body: the challenge on a 401, when to try again on a 429 or a 503. */
export function refusalHeaders(error: DomainError): [name: string, value: string][] {
  if (error.key === 'unauthorized') return [['WWW-Authenticate', WWW_AUTHENTICATE]];
  if (error.key === 'unavailable' || error.key === 'too-many-requests')
    return [['Retry-After', String(error.details.retryAfterSeconds ?? RETRY_AFTER_SECONDS)]];
  return [];
}

/** A database failure that is nobody's bug (unreachable, in conflict after the retries) as the 503 it is. */
export function unavailableErrorOf(error: unknown): DomainError | undefined {
  return isDatabaseUnavailable(error) ? new DomainError('unavailable', 'the database is unavailable; try again shortly') : undefined;
}

/**
 * A database failure as the refusal it is: a write over the database's packet size is the request's data being
 * too large (413, not to be tried again); one that is nobody's bug, 503.
 */
export function databaseErrorOf(error: unknown): DomainError | undefined {
  if (isPacketTooLarge(error)) return new DomainError('payload-too-large', 'the request is too large to store');
  return unavailableErrorOf(error);
}

/** Handlers for a path's other methods: 405 with the methods it does have. */
export const methodNotAllowed =
  (allowed: string[]): RequestHandler =>
  (_req, res) => {
    res.setHeader('Allow', allowed.join(', '));
    throw new DomainError('method-not-allowed', `this path accepts ${allowed.join(', ')}`);
  };

/**
 * Errors from Express itself that carry a 4xx status are the client's doing, not bugs: a path that is not
 * valid percent-encoding (`/silo/v1/entries/%ZZ`) is a URIError with status 400. Their own messages stay out.
 */
function clientErrorOf(error: unknown): DomainError | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (error instanceof URIError) return new DomainError('input', 'the path is not valid percent-encoding');
  const key = (['not-found', 'method-not-allowed', 'payload-too-large', 'unsupported-media-type'] as const).find(
    (k) => HTTP_STATUS[k] === status,
  );
  return new DomainError(key ?? 'input', key ? `the request was refused (${status})` : 'the request is not valid');
}

export interface RefusalFormat {
  /** The body of a refusal, in the API's own shape. */
  body(error: DomainError): unknown;
  /** The media type of that body, as the client asked for it (default JSON). */
  mediaType?(req: Request): string;
}

/**
 * An API's error handler: a DomainError is answered with the catalogue's status, the challenge on a 401, and
 * the API's body; an Express 4xx as the client's error; anything else is a bug, logged with the request id and
 * answered as a bare 500.
 */
export function refusalHandler(format: RefusalFormat): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof DomainError ? error : (clientErrorOf(error) ?? databaseErrorOf(error));
    const domainError = known ?? new DomainError('internal', 'internal error');
    if (!known) req.log.error({ err: error }, 'request failed');
    else if (known.key === 'unavailable') req.log.warn({ err: error }, 'service unavailable');
    if (res.headersSent) return;
    for (const [name, value] of refusalHeaders(domainError)) res.setHeader(name, value);
    res.status(HTTP_STATUS[domainError.key]);
    res.type(format.mediaType?.(req) ?? 'application/json; charset=utf-8').send(JSON.stringify(format.body(domainError)));
  };
}
