import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { GraphQLError } from 'graphql';
import type { Logger } from '../../logger';
import type { GraphQLContext } from './context';
import { domainErrorIn, isUnexpected } from './format-error';

/**
 * Logs every unexpected error, and every domain error keyed `internal`, once; `unavailable` as a warning. The same
 * for both transports: an operation over HTTP (errorLoggingPlugin) and a subscription's errors over WebSocket.
 */
export function logOperationErrors(log: Logger, errors: readonly GraphQLError[]): void {
  for (const error of errors) {
    const key = domainErrorIn(error)?.key;
    if (key === 'unavailable') log.warn({ err: error.originalError ?? error }, 'service unavailable');
    else if (isUnexpected(error) || key === 'internal') {
      log.error({ err: error.originalError ?? error, path: error.path?.join('.') }, 'graphql operation failed');
    }
  }
}

const ERROR_LOGGING_HOOKS: GraphQLRequestListener<GraphQLContext> = {
  async didEncounterErrors({ errors, contextValue }) {
    logOperationErrors(contextValue.log, errors);
  },
};

/** Logs the errors of each HTTP operation, with the request id (the request's logger). */
export const errorLoggingPlugin: ApolloServerPlugin<GraphQLContext> = {
  // The same hooks for every request: they keep nothing of their own.
  requestDidStart: async () => ERROR_LOGGING_HOOKS,
};
