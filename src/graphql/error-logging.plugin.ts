import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from './context';
import { domainErrorIn, isUnexpected } from './format-error';

/** Logs every unexpected error, and every domain error keyed `internal`, once, with the request id. */
export const errorLoggingPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          const key = domainErrorIn(error)?.key;
          if (key === 'unavailable') contextValue.log.warn({ err: error.originalError ?? error }, 'service unavailable');
          else if (isUnexpected(error) || key === 'internal') {
            contextValue.log.error({ err: error.originalError ?? error, path: error.path?.join('.') }, 'graphql operation failed');
          }
        }
      },
    };
  },
};
