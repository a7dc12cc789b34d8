import { eventSummaryJson, type EntryEvent } from '../entries/model/entry-event';
import { RETRY_JITTER, RETRY_LAST_MS, RETRY_SCHEDULE_MS, type EndpointProgress, type WebhookEndpoint } from './webhook';
import type { SendOutcome } from './webhook-sender.port';

/** What a delivery sends, what its answer means, when it is tried again, and what an endpoint's progress is. */

/** The body of a delivery: the event as the feed shows it, with its place (`position`) rather than a cursor. */
export const webhookPayload = (event: EntryEvent) => ({ ...eventSummaryJson(event), position: event.seq });

type Verdict = 'delivered' | 'retry' | 'failed';

/** 2xx delivered; 408, 429, 5xx and no answer at all may pass: retried; any other answer ends the delivery. */
export function verdictOf(outcome: SendOutcome): Verdict {
  const status = outcome.status;
  if (status === undefined) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}

/** The wait before retry number `attempt` (1 for the first retry), with jitter. */
export function retryDelayMs(attempt: number, scale: number, random: () => number = Math.random): number {
  const base = RETRY_SCHEDULE_MS[attempt - 1] ?? RETRY_LAST_MS;
  return Math.round(base * scale * (1 + RETRY_JITTER * random()));
}

export const progressOf = (endpoint: WebhookEndpoint): EndpointProgress => ({
  deliveredSeq: endpoint.deliveredSeq,
  attempts: endpoint.attempts,
  attemptStartedAt: endpoint.attemptStartedAt,
  nextAttemptAt: endpoint.nextAttemptAt,
  failingSince: endpoint.failingSince,
});
