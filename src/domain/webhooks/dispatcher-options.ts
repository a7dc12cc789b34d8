import type { DeliveryStatus } from './webhook';

/** How the dispatcher is set: its poll, its shares of the process's attempts, its retry scale and lease, and who is told of outcomes. */

export interface DispatcherOptions {
  /** WEBHOOK_POLL_MS. */
  pollMs: number;
  /** WEBHOOK_CONCURRENCY: attempts under way in this process at once, over all endpoints. */
  concurrency: number;
  /**
   * WEBHOOK_WORKSPACE_CONCURRENCY: attempts under way in this process at once for one workspace's endpoints, so
   * that a workspace whose endpoints answer slowly holds only its share of the places, never all of them.
   */
  workspaceConcurrency: number;
  /** WEBHOOK_RETRY_SCALE: a factor on every delay of the schedule (tests shorten days to seconds). */
  retryScale: number;
  /**
   * WEBHOOK_LEASE_MS: how long a claimed endpoint stays this process's without word from it. Longer than an
   * attempt can take; it is how long the endpoint waits when its process dies mid-delivery.
   */
  leaseMs: number;
  /** Who holds a lease: unique per process. */
  owner: string;
  /** Told of each attempt's outcome (for metrics); `lagSeconds` for a feed delivery that succeeded: from the event's creation. */
  onAttempt?: (outcome: AttemptOutcome, lagSeconds?: number) => void;
  /** Told when an endpoint is disabled for failing (for metrics). */
  onDisabled?: () => void;
}

/** What became of an attempt: its delivery's status, or `interrupted` when the process's close cut it (not counted against the endpoint). */
export type AttemptOutcome = DeliveryStatus | 'interrupted';
