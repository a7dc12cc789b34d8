import type { RequestHandler } from 'express';
import { DomainError } from '../domain/shared/errors';
import { refusalHandler } from '../http/refusal';

/**
 * The REST error body: `{"key", "code", "message", "fields"?, "faults"?}`. `code` repeats `key` for the hosted
 * API's clients, which read the reason from `code` (the Go client's ResponseError.Code).
 */
export function errorBody(error: DomainError): Record<string, unknown> {
  const body: Record<string, unknown> = { key: error.key, code: error.key, message: error.message };
  if (error.details.fields) body.fields = error.details.fields;
  if (error.details.faults) body.faults = error.details.faults;
  return body;
}

export const notFoundHandler: RequestHandler = () => {
  throw new DomainError('not-found', 'no such path');
};

/** REST's errors, written by the shared HTTP edge in REST's shape. */
export const errorHandler = refusalHandler({ body: errorBody });
