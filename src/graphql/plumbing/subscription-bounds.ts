import { DomainError } from '../../domain/shared/errors';
import { Tally } from '../../domain/runtime';

/** How many subscriptions may be open at once: per connection, and per workspace over this process's connections. */
export interface SubscriptionCaps {
  perConnection: number;
  perWorkspace: number;
}

/** What a connection counts of its own subscriptions. */
export interface CountedConnection {
  workspaceId: string;
  open: number;
}

/**
 * Counts open subscriptions and refuses one past a cap, with SERVICE_UNAVAILABLE for that subscription alone
 * (the connection and its other subscriptions go on). Each open one holds a reader of the feed, so the caps
 * bound what one client, and one workspace, can hold of the process.
 */
export class SubscriptionBounds {
  private readonly perWorkspace = new Tally();
  private total = 0;

  constructor(private readonly caps: SubscriptionCaps) {}

  /** Subscriptions open now, over every connection: a gauge. */
  get open(): number {
    return this.total;
  }

  /** Takes a place for a new subscription of `connection`; the function returned gives it back (once). */
  take(connection: CountedConnection): () => void {
    const { workspaceId } = connection;
    if (connection.open >= this.caps.perConnection) {
      throw new DomainError(
        'unavailable',
        `too many subscriptions on this connection (at most ${this.caps.perConnection}); complete one first, or open another connection`,
      );
    }
    if (this.perWorkspace.of(workspaceId) >= this.caps.perWorkspace) {
      throw new DomainError(
        'unavailable',
        `too many subscriptions to this workspace's events (at most ${this.caps.perWorkspace}); try again later`,
      );
    }
    connection.open++;
    this.perWorkspace.add(workspaceId);
    this.total++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      connection.open--;
      this.total--;
      this.perWorkspace.remove(workspaceId);
    };
  }
}

/** The bounds of GraphQL over WebSocket; tests narrow some of them (buildServer's `subscriptionLimits`). */
export interface SubscriptionLimits extends SubscriptionCaps {
  /** A socket holding more unsent bytes than this is closed (1008): the client is not reading. */
  maxBufferedBytes: number;
  /** A connection that sends no connection_init within this is closed (4408, graphql-ws). */
  connectionInitWaitMs: number;
  /** The largest message a client may send (a subscribe message holds one operation). */
  maxMessageBytes: number;
  /** Pings at this interval; a socket that has not answered the previous ping is cut. */
  keepAliveMs: number;
  /**
   * The largest result one event's execution may send: past it the result is never sent, the subscription gets a
   * `payload-too-large` error and ends (the connection and its other subscriptions go on). A subscription's data
   * budget is as large, so an envelope that would not fit is refused before it is read.
   */
  maxResultBytes: number;
}

export const SUBSCRIPTION_LIMITS: SubscriptionLimits = {
  perConnection: 10,
  perWorkspace: 100,
  maxBufferedBytes: 1024 ** 2,
  connectionInitWaitMs: 10_000,
  maxMessageBytes: 64 * 1024,
  keepAliveMs: 12_000,
  maxResultBytes: 4 * 1024 ** 2,
};
