/**
 * The error answers of the contract as docs/rest.md and docs/graphql.md state them, written out by hand rather than read from the
 * code's catalogue (src/domain/shared/errors.ts), so that the tests comparing the two can fail:
 * - `status`: the REST status of each key ("REST routes": "Every error is JSON ... with the status of the
 *   contract"; 503 `unavailable` in the paragraph after it; 500 for `internal`, the answer to a bug);
 * - `graphql`: its `extensions.code` ("GraphQL › Errors"), undefined where the guide names none, because
 *   GraphQL never raises that key: `forbidden` is only a file link's ("FORBIDDEN is reserved"), and
 *   `range-not-satisfiable` only a byte range's, and GraphQL serves neither links nor bytes;
 * - `graphqlStatus`: the HTTP status of a GraphQL answer carrying it: the refused request's own status for a
 *   key that refuses the whole request (401, 405, 413, 415, 429), else 200, an error of the operation.
 */
export const ERROR_CONTRACT: Record<string, { status: number; graphql?: string; graphqlStatus?: number }> = {
  input: { status: 400, graphql: 'BAD_USER_INPUT', graphqlStatus: 200 },
  unauthorized: { status: 401, graphql: 'UNAUTHENTICATED', graphqlStatus: 401 },
  forbidden: { status: 403 },
  'not-found': { status: 404, graphql: 'NOT_FOUND', graphqlStatus: 200 },
  'method-not-allowed': { status: 405, graphql: 'BAD_USER_INPUT', graphqlStatus: 405 },
  conflict: { status: 409, graphql: 'CONFLICT', graphqlStatus: 200 },
  gone: { status: 410, graphql: 'GONE', graphqlStatus: 200 },
  'entry-signed': { status: 409, graphql: 'CONFLICT', graphqlStatus: 200 },
  'payload-too-large': { status: 413, graphql: 'BAD_USER_INPUT', graphqlStatus: 413 },
  'unsupported-media-type': { status: 415, graphql: 'BAD_USER_INPUT', graphqlStatus: 415 },
  'range-not-satisfiable': { status: 416 },
  'unknown-schema': { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  calculation: { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  marshal: { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  validation: { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  patch: { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  'unknown-state': { status: 422, graphql: 'VALIDATION_FAILED', graphqlStatus: 200 },
  'too-complex': { status: 422, graphql: 'DOCUMENT_TOO_COMPLEX', graphqlStatus: 200 },
  'too-many-requests': { status: 429, graphql: 'TOO_MANY_REQUESTS', graphqlStatus: 429 },
  internal: { status: 500, graphql: 'INTERNAL_SERVER_ERROR', graphqlStatus: 200 },
  unavailable: { status: 503, graphql: 'SERVICE_UNAVAILABLE', graphqlStatus: 200 },
};

export const CONTRACT_KEYS = Object.keys(ERROR_CONTRACT);
