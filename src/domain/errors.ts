/**
 * The one error type the service throws at clients. Its `key` is the contract's error key;
 * the REST and GraphQL adapters each map keys to their own status or code in one place.
 */
export const ERROR_KEYS = [
  'input',
  'unauthorized',
  'not-found',
  'method-not-allowed',
  'conflict',
  'payload-too-large',
  'unsupported-media-type',
  'unknown-schema',
  'calculation',
  'validation',
  'patch',
  'too-complex',
  'internal',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** A problem the engine found, as the service reports it. */
export interface ErrorFault {
  provider: string;
  code: string;
  message: string;
  paths: string[];
}

/** Nested messages pointing at the property at fault: `{ data: { doc: { supplier: { name: "is required" } } } }`. */
export interface ErrorFields {
  [name: string]: string | ErrorFields;
}

export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    message: string,
    readonly details: { fields?: ErrorFields; faults?: ErrorFault[] } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, fields?: ErrorFields) => new DomainError('input', message, { fields });
export const notFound = (what: string) => new DomainError('not-found', `${what} not found`);
export const conflict = (message: string) => new DomainError('conflict', message);
