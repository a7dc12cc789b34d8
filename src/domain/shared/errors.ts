/**
 * The one error type the service throws at clients is DomainError below. Its `key` is the contract's error key;
 * this catalogue is the one place that says, for each key, the HTTP status of a request it refuses and the code
 * GraphQL clients see in `extensions.code` (plain data: the adapters in src/http/ and src/graphql/ read it).
 * `forbidden` is only a file link that has expired or been altered: another workspace's entry is simply not found.
 */
export const ERROR_CATALOGUE = {
  input: { status: 400, graphqlCode: 'BAD_USER_INPUT' },
  unauthorized: { status: 401, graphqlCode: 'UNAUTHENTICATED' },
  /** A file's signed link that has expired, was altered, or names a file it was not made for. */
  forbidden: { status: 403, graphqlCode: 'FORBIDDEN' },
  'not-found': { status: 404, graphqlCode: 'NOT_FOUND' },
  'method-not-allowed': { status: 405, graphqlCode: 'BAD_USER_INPUT' },
  conflict: { status: 409, graphqlCode: 'CONFLICT' },
  /** An update would change the data of a signed entry: a signed envelope is never modified. */
  'entry-signed': { status: 409, graphqlCode: 'CONFLICT' },
  /** A cursor of the event feed older than the events kept (EVENT_RETENTION_DAYS). */
  gone: { status: 410, graphqlCode: 'GONE' },
  'payload-too-large': { status: 413, graphqlCode: 'BAD_USER_INPUT' },
  'unsupported-media-type': { status: 415, graphqlCode: 'BAD_USER_INPUT' },
  /** A download's Range lies outside the file. */
  'range-not-satisfiable': { status: 416, graphqlCode: 'BAD_USER_INPUT' },
  'unknown-schema': { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  calculation: { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  /** The calculated document cannot be written back as GOBL writes it: a complement without `$schema`. */
  marshal: { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  validation: { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  patch: { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  /** A state key that is not one of STATE_KEYS. */
  'unknown-state': { status: 422, graphqlCode: 'VALIDATION_FAILED' },
  /** The document took the engine longer than ENGINE_TIME_LIMIT_MS, or more heap than ENGINE_MEMORY_MB. */
  'too-complex': { status: 422, graphqlCode: 'DOCUMENT_TOO_COMPLEX' },
  /** The workspace asks faster than its request rate, past the longest wait (see RequestRates): try again after Retry-After. */
  'too-many-requests': { status: 429, graphqlCode: 'TOO_MANY_REQUESTS' },
  internal: { status: 500, graphqlCode: 'INTERNAL_SERVER_ERROR' },
  /** The database could not serve the request (unreachable, or still in conflict after retries), or the engine's queue is full: try again. */
  unavailable: { status: 503, graphqlCode: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; graphqlCode: string }>;

export type ErrorKey = keyof typeof ERROR_CATALOGUE;
export const ERROR_KEYS = Object.keys(ERROR_CATALOGUE) as ErrorKey[];

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

/** What a refusal says besides its message: the fields or faults at fault, or when to try again (whole seconds). */
export interface ErrorDetails {
  fields?: ErrorFields;
  faults?: ErrorFault[];
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly key: ErrorKey;
  readonly details: ErrorDetails;

  constructor(key: ErrorKey, message: string, details: ErrorDetails = {}) {
    // A refusal is the client's answer, not a fault of the service: nobody reads where it was made, and the stack
    // a GraphQL error copies from it (one per refused alias of a heavy request) cost tenths of a millisecond each.
    const depth = Error.stackTraceLimit;
    if (key !== 'internal') Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = depth;
    }
    this.key = key;
    this.details = details;
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, fields?: ErrorFields) => new DomainError('input', message, { fields });
export const notFound = (what: string) => new DomainError('not-found', `${what} not found`);
export const conflict = (message: string) => new DomainError('conflict', message);
