import type { EndpointProgress, WebhookChange, WebhookDelivery, WebhookEndpoint } from './webhook';

/** What the domain needs from storage for webhooks. */
export interface WebhookStore {
  /** Inserts the endpoint, unless the workspace already has `limit` (then undefined); its `deliveredSeq` is set here, to the feed's last place. */
  create(endpoint: WebhookEndpoint, limit: number): Promise<WebhookEndpoint | undefined>;
  list(workspaceId: string): Promise<WebhookEndpoint[]>;
  find(workspaceId: string, id: string): Promise<WebhookEndpoint | undefined>;
  update(workspaceId: string, id: string, change: WebhookChange, at: Date): Promise<WebhookEndpoint | undefined>;
  rotateSecret(workspaceId: string, id: string, secret: string, previousUntil: Date, at: Date): Promise<WebhookEndpoint | undefined>;
  /** Deletes the endpoint and its attempts. */
  delete(workspaceId: string, id: string): Promise<boolean>;

  /** Attempts, newest first, older than `beforeId` when given. */
  deliveries(workspaceId: string, endpointId: string, limit: number, beforeId?: string): Promise<WebhookDelivery[]>;
  findDelivery(workspaceId: string, endpointId: string, id: string): Promise<WebhookDelivery | undefined>;
  /** Records an attempt and drops the endpoint's oldest past `kept`. */
  recordDelivery(delivery: WebhookDelivery, kept: number): Promise<void>;
  /**
   * Records an attempt and, in the same transaction, where its endpoint stands (as `progress` does): false, and
   * nothing written, if `owner` no longer holds the endpoint's lease. With `kept`, drops the endpoint's oldest past it.
   */
  recordAttempt(
    delivery: WebhookDelivery,
    kept: number | undefined,
    owner: string,
    progress: EndpointProgress,
    leaseUntil?: Date,
  ): Promise<boolean>;

  /**
   * Takes at most `limit` scheduled attempts that are due (asked for by hand, or left by a process that died while
   * sending them), each marked taken until `until`, fairly among workspaces: at most `perWorkspace` of one, and
   * none of `skipWorkspaces`.
   */
  claimScheduled(
    now: Date,
    until: Date,
    limit: number,
    fairness: ClaimFairness,
    accept?: (workspaceId: string, id: string) => boolean,
  ): Promise<WebhookDelivery[]>;
  /** Writes what came of a scheduled attempt: false when it is no longer scheduled (done by another, or dropped). */
  finishScheduled(delivery: WebhookDelivery): Promise<boolean>;

  /**
   * Leases at most `limit` endpoints that are due (enabled, not leased, their retry time passed, their feed past
   * what they were delivered) to `owner` until `until`; none that another process holds.
   */
  claimDue(
    owner: string,
    now: Date,
    until: Date,
    limit: number,
    accept?: (workspaceId: string, id: string) => boolean,
    fairness?: ClaimFairness,
  ): Promise<WebhookEndpoint[]>;
  /** Writes where a leased endpoint stands, and keeps its lease to `leaseUntil` (or ends it): false if the lease was lost. */
  progress(endpoint: WebhookEndpoint, owner: string, progress: EndpointProgress, at: Date, leaseUntil?: Date): Promise<boolean>;
}

/**
 * How a claim shares its places among workspaces: each workspace's first due ones come before any workspace's
 * next, at most `perWorkspace` of one are looked at, and `skipWorkspaces` (those at their share) not at all, so a
 * workspace with many due never hides another's from the scan.
 */
export interface ClaimFairness {
  perWorkspace: number;
  skipWorkspaces: readonly string[];
}
