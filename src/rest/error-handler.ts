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

/** Anything not a DomainError is a bug: logged with the request id, answered as a bare 500. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = error instanceof DomainError ? error : undefined;
  const domainError = known ?? new DomainError('internal', 'internal error');
  if (!known) req.log.error({ err: error }, 'request failed');
  if (domainError.key === 'unauthorized') res.setHeader('WWW-Authenticate', 'Bearer');
  if (res.headersSent) return;
  res.status(HTTP_STATUS[domainError.key]).json(errorBody(domainError));
};
