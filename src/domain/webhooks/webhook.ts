import type { EventType } from '../entries/model/entry-event';

/** Endpoints one workspace may register. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 50;
/** Attempts kept per endpoint at most: past it, the oldest go. */
export const DELIVERIES_KEPT = 1000;
/**
 * A first attempt at an event prunes the endpoint's oldest attempts only when its place crosses a multiple of this
 * (any other attempt always prunes), and a prune keeps PRUNE_EVERY - 1 below DELIVERIES_KEPT: the ones in between
 * never take the count past it.
 */
export const PRUNE_EVERY = 16;
/** What a prune keeps. */
export const KEPT_AFTER_PRUNE = DELIVERIES_KEPT - (PRUNE_EVERY - 1);

/**
 * Whether recording an attempt prunes: a first attempt at an event past `previousSeq` (where its endpoint stood)
 * when the places between cross a multiple of PRUNE_EVERY (so one in every PRUNE_EVERY at least, whatever types
 * the endpoint takes), and every other attempt.
 */
export const prunesAt = (previousSeq: number, seq: number, attempt: number): boolean =>
  attempt !== 1 || Math.floor(seq / PRUNE_EVERY) !== Math.floor(previousSeq / PRUNE_EVERY);
/** How long a rotated-out secret still signs beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;
/**
 * The wait before each retry of an event that failed for a reason that may pass (5xx, 408, 429, a timeout, a
 * network error): then every RETRY_LAST_MS, until the event has been retried for GIVE_UP_AFTER_MS.
 */
export const RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];
export const RETRY_LAST_MS = 12 * 3_600_000;
/** Past three days of retries an event is given up (failed), and delivery moves on. */
export const GIVE_UP_AFTER_MS = 3 * 86_400_000;
/** An endpoint that has failed everything for five days is disabled. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
/** The part of a retry's wait added at random, so that many endpoints failing at once do not retry at once. */
export const RETRY_JITTER = 0.2;

/** `scheduled`: asked for again by hand, to be sent by the dispatcher (within its limits) as soon as a place is free. */
export type DeliveryStatus = 'delivered' | 'failed' | 'retrying' | 'scheduled';

/** A workspace's endpoint, as the domain and storage know it (its secrets too: they sign). */
export interface WebhookEndpoint {
  workspaceId: string;
  id: string;
  url: string;
  description?: string;
  /** The event types it gets; undefined for all. */
  eventTypes?: EventType[];
  enabled: boolean;
  disabledReason?: string;
  secret: string;
  /** A rotated-out secret, signing beside `secret` until `previousSecretUntil`. */
  previousSecret?: string;
  previousSecretUntil?: Date;
  /** The place in the workspace's feed it has been delivered (or given up) up to. */
  deliveredSeq: number;
  nextAttemptAt?: Date;
  /** Attempts so far of the event it is on, and when the first of them was made. */
  attempts: number;
  attemptStartedAt?: Date;
  /** Since when every attempt has failed; undefined once one succeeds. */
  failingSince?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** One attempt to deliver an event to an endpoint. */
export interface WebhookDelivery {
  id: string;
  workspaceId: string;
  endpointId: string;
  eventId: string;
  eventSeq: number;
  eventType: string;
  status: DeliveryStatus;
  responseCode?: number;
  durationMs: number;
  /** The first KiB of the answer's body. */
  responseExcerpt?: string;
  /** Why no answer came, as a short class (`timeout`, `connection refused`, `tls`, `dns`, `refused address`...). */
  error?: string;
  attempt: number;
  nextAttemptAt?: Date;
  createdAt: Date;
}

/** What a change of an endpoint's settings sets; absent members stay as they are. */
export interface WebhookChange {
  url?: string;
  description?: string | null;
  eventTypes?: EventType[] | null;
  enabled?: boolean;
}

/** How an endpoint stands after an attempt: written with the attempt, by the process holding its lease. */
export interface EndpointProgress {
  deliveredSeq: number;
  attempts: number;
  attemptStartedAt?: Date;
  nextAttemptAt?: Date;
  failingSince?: Date;
  /** Set to disable the endpoint, with this reason. */
  disabledReason?: string;
}
