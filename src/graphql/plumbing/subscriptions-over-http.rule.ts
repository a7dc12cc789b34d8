import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * Refuses a subscription sent over HTTP: subscriptions are served over WebSocket (graphql-ws, on the same
 * `/graphql`), where a subscription streams its events. Over HTTP its field would run once, with no event.
 */
export const subscriptionsOverWebSocketOnly: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== 'subscription') return;
    context.reportError(
      new GraphQLError(
        'subscriptions are served over WebSocket (the graphql-transport-ws protocol of graphql-ws) on /graphql, not over HTTP',
        {
          nodes: [node],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
        },
      ),
    );
  },
});
