import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DomainError, type ErrorKey } from '../domain/errors';

/** The HTTP status of each error key of the contract: the one place REST maps domain errors. */
export const HTTP_STATUS: Record<ErrorKey, number> = {
  input: 400,
  unauthorized: 401,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'unknown-schema': 422,
  calculation: 422,
  validation: 422,
  patch: 422,
  'too-complex': 422,
  internal: 500,
};

export function errorBody(error: DomainError): Record<string, unknown> {
  const body: Record<string, unknown> = { key: error.key, message: error.message };
  if (error.details.fields) body.fields = error.details.fields;
  if (error.details.faults) body.faults = error.details.faults;
  return body;
}

export const notFoundHandler: RequestHandler = () => {
  throw new DomainError('not-found', 'no such path');
};

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
  const key = (['not-found', 'method-not-allowed', 'payload-too-large', 'unsupported-media-type'] as const).find((k) => HTTP_STATUS[k] === status);
  return new DomainError(key ?? 'input', key ? `the request was refused (${status})` : 'the request is not valid');
}

/** Anything else that is not a DomainError is a bug: logged with the request id, answered as a bare 500. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = error instanceof DomainError ? error : clientErrorOf(error);
  const domainError = known ?? new DomainError('internal', 'internal error');
  if (!known) req.log.error({ err: error }, 'request failed');
  if (domainError.key === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer');
  if (res.headersSent) return;
  res.status(HTTP_STATUS[domainError.key]).json(errorBody(domainError));
};
