import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { DomainError, ERROR_CATALOGUE, ERROR_KEYS, type ErrorKey } from '../../domain/shared/errors';
import { databaseErrorOf } from '../../http/refusal';

/** The codes a GraphQL client sees in `extensions.code` for domain errors. */
export const GRAPHQL_ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'VALIDATION_FAILED',
  'DOCUMENT_TOO_COMPLEX',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type GraphQLErrorCode = (typeof GRAPHQL_ERROR_CODES)[number];

/**
 * Each domain error key's GraphQL code, and the HTTP status used when the error rejects the whole HTTP request
 * before any operation runs (token, body, method), read from the one catalogue in src/domain/errors.ts. Errors
 * raised while an operation executes are reported in `errors` with status 200, as GraphQL does.
 */
export const GRAPHQL_ERRORS = Object.fromEntries(
  ERROR_KEYS.map((key) => [
    key,
    { code: ERROR_CATALOGUE[key].graphqlCode satisfies GraphQLErrorCode, status: ERROR_CATALOGUE[key].status },
  ]),
) as Record<ErrorKey, { code: GraphQLErrorCode; status: number }>;

const INTERNAL = 'INTERNAL_SERVER_ERROR';
const MASKED_MESSAGE = 'internal error';

/** `extensions` of a domain error: the code, and the REST `key`, `fields` and `faults`. */
export function domainExtensions(error: DomainError): Record<string, unknown> {
  const extensions: Record<string, unknown> = { code: GRAPHQL_ERRORS[error.key].code, key: error.key };
  if (error.details.fields) extensions.fields = error.details.fields;
  if (error.details.faults) extensions.faults = error.details.faults;
  return extensions;
}

/** A domain error as a GraphQLError, for one raised outside resolvers (the context's 401), with its HTTP head. */
export function graphQLErrorOf(error: DomainError, http?: { status: number; headers?: Map<string, string> }): GraphQLError {
  const extensions = domainExtensions(error);
  return new GraphQLError(error.message, { originalError: error, extensions: http ? { ...extensions, http } : extensions });
}

/** The domain error under any GraphQLError wrapping (resolver errors come wrapped), if there is one. */
export function domainErrorIn(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof GraphQLError) return error.originalError ? domainErrorIn(error.originalError) : undefined;
  // graphql-js wraps what does not pass its `instanceof Error` (a driver's error from another realm) as NonErrorThrown.
  const thrown =
    (error as { name?: unknown; thrownValue?: unknown } | undefined)?.name === 'NonErrorThrown'
      ? (error as { thrownValue?: unknown }).thrownValue
      : undefined;
  if (thrown !== undefined) return domainErrorIn(thrown);
  return databaseErrorOf(error);
}

/**
 * True for errors nobody meant to send a client (bugs). Not a bug: a domain error; a GraphQL error with a
 * code; and a GraphQL error that wraps nothing, which graphql-js or Apollo raised about the request itself
 * (an unknown operation name, a subscription, a persisted-query hash that does not match). Anything thrown
 * by our code while executing arrives wrapped, with its cause as `originalError`.
 */
export function isUnexpected(error: unknown): boolean {
  if (domainErrorIn(error)) return false;
  if (!(error instanceof GraphQLError)) return true;
  const code = error.extensions?.code;
  if (code !== undefined && code !== INTERNAL) return false;
  return error.originalError !== undefined && error.originalError !== null;
}

/**
 * Apollo's `formatError`: domain errors get their code and REST details; GraphQL's own coded errors
 * (parse, validation, variable coercion, limits) keep their code and get `key: "input"`; anything else
 * is a bug and is masked, since its message may hold internals (errorLoggingPlugin logs it). A domain
 * error keyed `internal` keeps its message, as in REST: the domain wrote it for the client.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const { locations, path } = formatted;
  const domainError = domainErrorIn(error);
  if (isUnexpected(error)) {
    return { message: MASKED_MESSAGE, locations, path, extensions: { code: INTERNAL, key: 'internal' } };
  }
  if (domainError) {
    return { message: domainError.message, locations, path, extensions: domainExtensions(domainError) };
  }
  const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
  const code = extensions.code === undefined || extensions.code === INTERNAL ? 'BAD_USER_INPUT' : extensions.code;
  return { ...formatted, extensions: { key: 'input', ...extensions, code } };
}

/** The body of an HTTP request refused before Apollo ran, in GraphQL's shape. */
export function errorResponseBody(error: DomainError): { errors: GraphQLFormattedError[] } {
  return { errors: [{ message: error.message, extensions: domainExtensions(error) }] };
}
