import { createClient as createSocketClient } from 'graphql-ws';
import { Client, fetchExchange, subscriptionExchange } from 'urql';

/**
 * One urql client per token: queries and mutations over HTTP with the token in `Authorization`, subscriptions
 * over graphql-ws with it in `connection_init`. A 401, or a socket closed as forbidden, calls `onUnauthorized`.
 * No cache exchange: the console's pages keep what they show and ask again when they need to.
 */
export function consoleClient(token: string, onUnauthorized: () => void): { client: Client; close(): void } {
  const origin = window.location.origin;
  const sockets = createSocketClient({
    url: `${origin.replace(/^http/, 'ws')}/graphql`,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: true,
    retryAttempts: 5,
    // A refused token stays refused: no point in trying it again.
    shouldRetry: (event) => (event as CloseEvent).code !== 4403,
    on: {
      closed: (event) => {
        if ((event as CloseEvent).code === 4403) onUnauthorized();
      },
    },
  });
  const client = new Client({
    url: `${origin}/graphql`,
    preferGetMethod: false,
    requestPolicy: 'network-only',
    fetchOptions: () => ({ headers: { authorization: `Bearer ${token}` } }),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) onUnauthorized();
      return response;
    },
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: sockets.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
  // Disposing waits for the socket being opened; when that one failed (closed by the server), so does the wait,
  // and there is nothing left to close.
  return { client, close: () => void Promise.resolve(sockets.dispose()).catch(() => undefined) };
}
