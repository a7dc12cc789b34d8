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
   * nothing written, if `owner` no longer holds the endpoint's lease.
   */
  recordAttempt(delivery: WebhookDelivery, kept: number, owner: string, progress: EndpointProgress, leaseUntil?: Date): Promise<boolean>;

  /**
   * Leases at most `limit` endpoints that are due (enabled, not leased, their retry time passed, their feed past
   * what they were delivered) to `owner` until `until`; none that another process holds.
   */
  claimDue(owner: string, now: Date, until: Date, limit: number, accept?: (workspaceId: string, id: string) => boolean): Promise<WebhookEndpoint[]>;
  /** Writes where a leased endpoint stands, and keeps its lease to `leaseUntil` (or ends it): false if the lease was lost. */
  progress(endpoint: WebhookEndpoint, owner: string, progress: EndpointProgress, at: Date, leaseUntil?: Date): Promise<boolean>;
}
