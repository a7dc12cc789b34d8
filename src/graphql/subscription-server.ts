import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  createSourceEventStream,
  getOperationAST,
  GraphQLError,
  parse,
  print,
  specifiedRules,
  validate,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { CloseCode, handleProtocols, makeServer, type Context } from 'graphql-ws';
import WebSocket, { WebSocketServer } from 'ws';
import type { EntryService } from '../domain/entries/entries.service';
import { DomainError } from '../domain/shared/errors';
import { expiryOf, type Authenticate } from '../http/authentication';
import type { FileLinks } from '../http/file-links';
import { fileBaseOf, fileUrlOf, formatUrlOf } from '../http/file-urls';
import { oneWritePerTurn } from '../http/one-write-per-turn';
import type { Logger } from '../logger';
import { watchSubscriptions } from '../metrics';
import { createContext } from './plumbing/context';
import { SharedReads } from '../domain/runtime';
import { graphQLErrorOf } from './plumbing/format-error';
import { GRAPHQL_PATH, type GraphQLHttp } from './graphql.router';
import { logOperationErrors } from './plumbing/error-logging.plugin';
import { EventExecutions } from './plumbing/event-executions';
import { limitRules, MAX_QUERY_TOKENS, OperationCosts } from './plumbing/limits';
import { SUBSCRIPTION_LIMITS, SubscriptionBounds, type SubscriptionLimits } from './plumbing/subscription-bounds';
import { credentialsOf, formatted, reasonOf } from './plumbing/subscription-protocol';
import { subscriptionStream } from './plumbing/subscription-stream';

/** What the results kept for sharing (a second each) may weigh in all. */
const SHARED_RESULTS_BYTES = 64 * 1024 ** 2;

/** Close codes of our own, besides graphql-ws's: a client too slow to read what it asked for (policy violation). */
const SLOW_CONSUMER = 1008;
const GOING_AWAY = 1001;
/** How long a closing socket may take to say goodbye before it is cut (a slow consumer may never read its close). */
const CLOSE_GRACE_MS = 5_000;
/** The longest a timer can wait (setTimeout's limit, about 24.8 days): a later expiry is re-armed then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** One authenticated WebSocket connection. */
interface Connection {
  id: string;
  workspaceId: string;
  open: number;
  socket: WebSocket;
  request: IncomingMessage;
  /** Ends each subscription of the connection (the server is closing). */
  subscriptions: Set<AbortController>;
  expiry?: NodeJS.Timeout;
}

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  connection?: Connection;
}

export interface SubscriptionDeps {
  /** The schema and the services of GraphQL over HTTP: each event's context is built with the same. */
  graphql: Pick<GraphQLHttp, 'schema' | 'services'>;
  entries: EntryService;
  authenticate: Authenticate;
  fileLinks: FileLinks;
  publicBaseUrl?: string;
  logger: Logger;
}

export interface SubscriptionOptions {
  maxDepth: number;
  /** GRAPHQL_MAX_COMPLEXITY: a subscription is costed as a query is (OperationCosts), at subscribe time. */
  maxComplexity: number;
  pageDataBudget: number;
  limits?: Partial<SubscriptionLimits>;
}

/**
 * GraphQL subscriptions over the graphql-ws protocol, on the WebSocket upgrade of `/graphql` of the HTTP
 * server. Only subscriptions: queries and mutations go over HTTP, where Apollo bounds them. The token comes
 * in connection_init and is verified by the HTTP side's authenticator (missing or bad: 4403); the socket is
 * closed at the token's expiry (4403). Each subscription's events are executed with a context of their own.
 */
export function subscriptionServer(httpServer: HttpServer, deps: SubscriptionDeps, options: SubscriptionOptions) {
  const { schema } = deps.graphql;
  const limits = { ...SUBSCRIPTION_LIMITS, ...options.limits };
  const bounds = new SubscriptionBounds(limits);
  const connections = new Set<Connection>();
  const unwatch = watchSubscriptions(() => bounds.open);
  const rules = [...specifiedRules, ...limitRules(options.maxDepth)];
  const costs = new OperationCosts(options.maxComplexity);
  const executions = new EventExecutions(limits.maxResultBytes);
  const dataBudget = Math.min(options.pageDataBudget, limits.maxResultBytes);
  const log = deps.logger;
  /** Errors already logged where they arose (a shared execution's), not logged again for each subscriber. */
  const logged = new WeakSet<object>();
  const logErrors = (requestId: string, errors: readonly GraphQLError[]) => {
    for (const error of errors) logged.add(error.originalError ?? error);
    logOperationErrors(log.child({ requestId }), errors);
  };

  const closeSocket = (socket: WebSocket, code: number, reason: string) => {
    if (socket.readyState === WebSocket.CLOSED) return;
    socket.close(code, reasonOf(reason));
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  };

  /** Closes the socket at the token's expiry (a timer re-armed for an expiry past the longest timer). */
  const closeAtExpiry = (connection: Connection, expiresAt: Date) => {
    const ms = expiresAt.getTime() - Date.now();
    connection.expiry = setTimeout(
      () =>
        ms > MAX_TIMER_MS
          ? closeAtExpiry(connection, expiresAt)
          : closeSocket(connection.socket, CloseCode.Forbidden, 'Forbidden: the token expired; connect again with a new one'),
      Math.max(0, Math.min(ms, MAX_TIMER_MS)),
    );
    connection.expiry.unref();
  };

  const baseOf = ({ request }: Connection) =>
    fileBaseOf(deps.publicBaseUrl, { protocol: 'encrypted' in request.socket ? 'https' : 'http', host: request.headers.host });
  /**
   * Each event's result, shared by the workspace's subscribers that run the same document with the same variables
   * (a hundred tabs of one front end): executed once, sent to each; kept a second after it is made (its entry is
   * as it was then), 2,000 at most.
   */
  const UNCUT = new AbortController().signal;
  const shared = new SharedReads<ExecutionResult>({
    keepMs: 1_000,
    maxEntries: 2_000,
    weigh: (result) => executions.sizeOf(result as ExecutionResult),
    maxWeight: SHARED_RESULTS_BYTES,
  });

  const contextOf = (connection: Connection, signal: AbortSignal, n: number) => {
    const base = baseOf(connection);
    return createContext(
      deps.entries,
      {
        workspaceId: connection.workspaceId,
        requestId: `${connection.id}/${n}`,
        log,
        signal,
        fileUrl: fileUrlOf(deps.fileLinks, base, () => connection.workspaceId),
        formatUrl: formatUrlOf(deps.fileLinks, base, () => connection.workspaceId),
        background: true,
      },
      dataBudget,
      deps.graphql.services,
    );
  };

  /** A subscription: its place under the bounds, its source of events, then each event executed apart. */
  const subscribe = async (args: ExecutionArgs): Promise<ExecutionResult | AsyncIterable<ExecutionResult>> => {
    const connection = args.contextValue as Connection;
    let release: () => void;
    try {
      release = bounds.take(connection);
    } catch (error) {
      return { errors: [graphQLErrorOf(error as DomainError)] };
    }
    const controller = new AbortController();
    connection.subscriptions.add(controller);
    let count = 0;
    const sourceContext = contextOf(connection, controller.signal, count++);
    const ended = () => {
      controller.abort();
      connection.subscriptions.delete(controller);
      sourceContext.readTurn.release();
      release();
    };
    try {
      const source = await createSourceEventStream({ ...args, contextValue: sourceContext });
      if (!(Symbol.asyncIterator in source)) {
        if (source.errors) logErrors(sourceContext.requestId, source.errors);
        ended();
        return source;
      }
      // A shared execution serves several subscribers: none of their departures cuts it short. Its errors are
      // logged here, once, however many subscribers it serves.
      const execution = async (event: unknown) => {
        const contextValue = contextOf(connection, UNCUT, count++);
        try {
          const result = await executions.run({ ...args, rootValue: event }, contextValue);
          if (result.errors) logErrors(contextValue.requestId, result.errors);
          return result;
        } catch (error) {
          logErrors(contextValue.requestId, [
            error instanceof GraphQLError
              ? error
              : new GraphQLError(String((error as Error)?.message ?? error), { originalError: error as Error }),
          ]);
          throw error;
        } finally {
          contextValue.readTurn.release();
        }
      };
      // Who may share this subscription's results: the same workspace, document, variables and file links' address.
      const sharing = JSON.stringify([
        connection.workspaceId,
        print(args.document),
        args.variableValues ?? null,
        args.operationName ?? null,
        baseOf(connection),
      ]);
      const run = (event: unknown) => shared.read(`${sharing}\u0000${(event as { id?: string }).id}`, () => execution(event));
      return subscriptionStream(source[Symbol.asyncIterator](), run, { ended });
    } catch (error) {
      ended();
      throw error;
    }
  };

  const server = makeServer<Record<string, unknown>, Extra>({
    schema,
    connectionInitWaitTimeout: limits.connectionInitWaitMs,
    async onConnect(ctx: Context<Record<string, unknown>, Extra>) {
      const { socket, request } = ctx.extra;
      const credentials = credentialsOf(ctx.connectionParams);
      try {
        const { workspaceId } = await deps.authenticate(credentials);
        const connection: Connection = { id: randomUUID(), workspaceId, open: 0, socket, request, subscriptions: new Set() };
        ctx.extra.connection = connection;
        connections.add(connection);
        const expiresAt = expiryOf(credentials);
        if (expiresAt) closeAtExpiry(connection, expiresAt);
        return true;
      } catch (error) {
        if (error instanceof DomainError && error.key === 'unauthorized') {
          closeSocket(socket, CloseCode.Forbidden, `Forbidden: ${error.message}`);
        } else {
          log.error({ err: error }, 'graphql-ws: authentication failed');
          closeSocket(socket, CloseCode.InternalServerError, 'Internal server error');
        }
        return false;
      }
    },
    onSubscribe(ctx, _id, payload) {
      const connection = ctx.extra.connection!;
      let document;
      try {
        document = parse(payload.query, { maxTokens: MAX_QUERY_TOKENS });
      } catch (error) {
        return [error as GraphQLError];
      }
      const errors = validate(schema, document, rules);
      if (errors.length > 0) return errors;
      const operation = getOperationAST(document, payload.operationName);
      if (!operation) return [new GraphQLError('Unable to identify the operation')];
      if (operation.operation !== 'subscription') {
        return [
          new GraphQLError('Only subscriptions are served over WebSocket: send queries and mutations over HTTP to /graphql', {
            extensions: { code: 'BAD_USER_INPUT' },
          }),
        ];
      }
      try {
        costs.check(schema, document, payload.operationName ?? undefined, payload.variables ?? {});
      } catch (error) {
        return [error as GraphQLError];
      }
      return {
        schema,
        document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue: connection,
      };
    },
    subscribe,
    onNext(ctx, _id, _payload, _args, result) {
      const { socket } = ctx.extra;
      if (socket.bufferedAmount > limits.maxBufferedBytes) {
        closeSocket(
          socket,
          SLOW_CONSUMER,
          `slow consumer: over ${limits.maxBufferedBytes} bytes unsent; reconnect and resume from the last cursor`,
        );
      }
      return result.errors ? { ...result, errors: formatted(result.errors) } : undefined;
    },
    onError(ctx, id, _payload, errors) {
      const unlogged = errors.filter((error) => !logged.has(error.originalError ?? error));
      if (unlogged.length > 0) logErrors(`${ctx.extra.connection?.id}/${id}`, unlogged);
      return formatted(errors);
    },
    onClose(ctx) {
      const { connection } = ctx.extra;
      if (!connection) return;
      clearTimeout(connection.expiry);
      connections.delete(connection);
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, handleProtocols });
  let closing = false;

  /** A socket opened on `raw`, the upgraded connection it writes to. */
  const accept = (socket: WebSocket, request: IncomingMessage, raw: Duplex) => {
    const inOneWrite = oneWritePerTurn(raw);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const keepAlive = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, limits.keepAliveMs);
    keepAlive.unref();
    socket.on('error', (error) => log.debug({ err: error }, 'graphql-ws: socket error'));
    const closed = server.opened(
      {
        protocol: socket.protocol,
        // Not waiting for the write: the messages of a page go out together, and what a client leaves unread is
        // bounded by onNext (maxBufferedBytes). A failed write closes the socket, which ends its subscriptions.
        send: (data) => {
          if (socket.readyState === WebSocket.OPEN) inOneWrite(() => socket.send(data));
        },
        close: (code, reason) => closeSocket(socket, code ?? 1000, reason ?? ''),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              log.error({ err: error }, 'graphql-ws: message handling failed');
              closeSocket(socket, CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      void closed(code, String(reason));
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== GRAPHQL_PATH) {
      // Another path's upgrade: left to its own handler, if there is one.
      if (httpServer.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    if (closing) return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request, socket));
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    /** Subscriptions open now. */
    get open(): number {
      return bounds.open;
    },
    /** Ends every subscription and closes every socket (1001), cutting those that do not answer within a second. */
    async close(): Promise<void> {
      closing = true;
      httpServer.off('upgrade', onUpgrade);
      unwatch();
      for (const connection of connections) for (const controller of connection.subscriptions) controller.abort();
      for (const socket of wss.clients) closeSocket(socket, GOING_AWAY, 'the server is shutting down');
      const deadline = Date.now() + 1_000;
      while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
